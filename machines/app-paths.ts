/**
 * Every address of the app (spec §2) and the builders of the ones with parameters. A leaf module:
 * it imports nothing, so the route table, the views and the charts that emit `navigate` all name a
 * destination the same way without importing each other.
 */

const segment = (value: string) => encodeURIComponent(value);

const whatsapp = '/settings/whatsapp-business-connection';

export const appPaths = {
  root: '/',
  login: '/login',
  logout: '/logout',
  signup: '/signup',
  paywall: '/paywall',
  downloadApp: '/download-app',

  onboarding: '/onboarding',
  onboardingUserName: '/onboarding/user-name',
  onboardingCompany: '/onboarding/company',
  onboardingPhone: '/onboarding/phone',
  onboardingVerifyPhone: '/onboarding/verify-phone',
  onboardingTrial: '/onboarding/trial',

  home: '/home',
  homeNewTask: '/home/new',
  homeAdvisor: '/home/advisor',

  sales: '/sales',
  newDeal: '/sales/new',
  deal: (dealId: string) => `/sales/${segment(dealId)}`,

  customers: '/customers',
  newCustomer: '/customers/new',
  customer: (id: string) => `/customers/${segment(id)}`,
  editCustomer: (id: string) => `/customers/${segment(id)}/edit`,

  tasks: '/tasks',
  newTask: '/tasks/new',

  settings: '/settings',
  aiTraining: '/settings/ai-training',
  services: '/settings/services',
  newService: '/settings/services/new',
  editService: (serviceId: string) => `/settings/services/${segment(serviceId)}/edit`,
  companyInfo: '/settings/company-info',
  invite: '/settings/invite',
  team: '/settings/team',
  accessSecurity: '/settings/access-security',
  phoneChange: '/settings/access-security/phone-change',
  phoneChangeValidate: '/settings/access-security/phone-change/validate',

  whatsapp,
  whatsappSelectConnection: `${whatsapp}/select-your-connection`,
  whatsappHowToReconnect: `${whatsapp}/how-to-reconnect`,
  whatsappDisconnect: `${whatsapp}/disconnect-business`,
  whatsappDisconnectFeedback: `${whatsapp}/disconnect-business/feedback`,
  whatsappConnect: `${whatsapp}/connect-whatsapp`,
  whatsappConnectBusiness: `${whatsapp}/connect-business`,
  whatsappConnectSuccess: `${whatsapp}/connect-business/success`,
  whatsappConnectNotReady: `${whatsapp}/connect-business/not-ready`,
  whatsappConnectError: `${whatsapp}/connect-business/error`,
  whatsappConnectHeadsUp: `${whatsapp}/connect-business/heads-up`,
  whatsappBlocklist: `${whatsapp}/blocklist`,

  invitation: (token: string) => `/convite/${segment(token)}`,
} as const;

/**
 * The same task pages serve /tasks/… and /home/… (spec §2); the section says where links point and
 * where a page goes back to after a save or a delete.
 */
export type TaskSection = typeof appPaths.tasks | typeof appPaths.home;

export function taskSectionOf(path: string): TaskSection {
  return path === appPaths.home || path.startsWith(`${appPaths.home}/`) ? appPaths.home : appPaths.tasks;
}

export const taskAddress = {
  newTask: (section: TaskSection) => `${section}/new`,
  detail: (section: TaskSection, taskId: string) => `${section}/${segment(taskId)}`,
  edit: (section: TaskSection, taskId: string) => `${section}/${segment(taskId)}/edit`,
  delete: (section: TaskSection, taskId: string) => `${section}/${segment(taskId)}/delete`,
  deleteFollowUp: (section: TaskSection, taskId: string) => `${section}/${segment(taskId)}/deleteFollowUp`,
};
