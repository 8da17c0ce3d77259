import { appPaths } from '../../../machines/app-paths';
import { lazyPage } from '../../lib/routing/lazy-page';
import { prefetchLazily } from '../../lib/routing/lazy-prefetch';
import { type AppRoute, defineRoute } from '../../lib/routing/route-definition';
import { readSessionCookies } from '../../lib/session/session-cookies';
import {
  advisorSearch,
  customersSearch,
  homeSearch,
  loginSearch,
  logoutSearch,
  phoneSearch,
  salesSearch,
  signupSearch,
  tasksSearch,
} from './route-search';

const rootPage = lazyPage(() => import('../../features/auth/root/RootPage'));
const loginPage = lazyPage(() => import('../../features/auth/login/LoginPage'));
const logoutPage = lazyPage(() => import('../../features/auth/logout/LogoutPage'));
const signupPage = lazyPage(() => import('../../features/auth/signup/SignupPage'));
const invitationPage = lazyPage(() => import('../../features/auth/invitation/InvitationPage'));
const downloadAppPage = lazyPage(() => import('../../features/download-app/DownloadAppPage'));
// The six onboarding routes share one page, so its chart lives on while the user moves between steps.
const onboardingPage = lazyPage(() => import('../../features/onboarding/OnboardingPage'));
const paywallPage = lazyPage(() => import('../../features/paywall/PaywallPage'));
const homePage = lazyPage(() => import('../../features/home/HomePage'));
const advisorPage = lazyPage(() => import('../../features/home/advisor/AdvisorPage'));
const settingsPage = lazyPage(() => import('../../features/settings/SettingsPage'));
const phoneChangePage = lazyPage(() => import('../../features/settings/access-security/PhoneChangePage'));
const phoneChangeValidatePage = lazyPage(
  () => import('../../features/settings/access-security/PhoneChangeValidatePage'),
);
const customersPage = lazyPage(() => import('../../features/customers/CustomersPage'));
const newCustomerPage = lazyPage(() => import('../../features/customers/NewCustomerPage'));
const customerDetailPage = lazyPage(() => import('../../features/customers/CustomerDetailPage'));
const editCustomerPage = lazyPage(() => import('../../features/customers/EditCustomerPage'));
// Tasks live under /tasks and under /home (opened from the home page): the same pages serve both.
const tasksPage = lazyPage(() => import('../../features/tasks/TasksPage'));
const newTaskPage = lazyPage(() => import('../../features/tasks/NewTaskPage'));
const taskDetailPage = lazyPage(() => import('../../features/tasks/TaskDetailPage'));
const editTaskPage = lazyPage(() => import('../../features/tasks/EditTaskPage'));
const deleteTaskPage = lazyPage(() => import('../../features/tasks/DeleteTaskPage'));
const deleteFollowUpPage = lazyPage(() => import('../../features/tasks/DeleteFollowUpPage'));
const salesBoardPage = lazyPage(() => import('../../features/sales/SalesBoardPage'));
const dealPage = lazyPage(() => import('../../features/sales/DealPage'));
const servicesPage = lazyPage(() => import('../../features/services/ServicesPage'));
const serviceFormPage = lazyPage(() => import('../../features/services/ServiceFormPage'));
const invitePage = lazyPage(() => import('../../features/settings/invite/InvitePage'));
const teamPage = lazyPage(() => import('../../features/settings/team/TeamPage'));
const aiTrainingPage = lazyPage(() => import('../../features/settings/ai-training/AiTrainingPage'));
const companyInfoPage = lazyPage(() => import('../../features/company-info/CompanyInfoPage'));
const blocklistPage = lazyPage(() => import('../../features/whatsapp-blocklist/BlocklistPage'));
// The WhatsApp connection's pages share one page, so its chart lives on between them.
const whatsappConnectionPage = lazyPage(() => import('../../features/whatsapp/WhatsappConnectionPage'));

// The queries routes prefetch, as modules downloaded when the route is entered or intended (see
// prefetchLazily): a static import here would put the features' schemas in the entry chunk.
const paywallQuery = () => import('../../features/paywall/paywall-query').then((m) => m.paywallQuery);
const dashboardQuery = () => import('../../features/home/dashboard-query').then((m) => m.dashboardQuery);
const whatsappStatusQuery = () =>
  import('../../lib/whatsapp/whatsapp-status-query').then((m) => m.whatsappStatusQuery);
const salesBoardQuery = () => import('../../features/sales/sales-board-query').then((m) => m.salesBoardQuery);
const subscriptionQuery = () =>
  import('../../features/settings/subscription/subscription-query').then((m) => m.subscriptionQuery);

/**
 * Every route of spec §2, in match order: fixed segments before the dynamic ones beside them
 * (/customers/new before /customers/:id). Each page is its own chunk. A trailing slash is optional
 * in every URL. Access (access.ts): every route in the app frame is the signed-in area (`app`,
 * the full guard order), the onboarding routes need a session (`signed-in`), the rest is public.
 * A page for what only some roles may do says the least one (`minRole`, as its contracts say:
 * written out, since importing the contracts would put their schemas in the entry chunk).
 * Only the app's root imports this table (it loads every page); the rest of the app reads it from
 * RoutesContext, so no page imports the module that imports it.
 */
export const appRoutes: readonly AppRoute[] = [
  // Public
  defineRoute({
    path: appPaths.root,
    layout: 'bare',
    page: rootPage,
  }),
  defineRoute({
    path: appPaths.login,
    layout: 'bare',
    search: loginSearch,
    page: loginPage,
  }),
  defineRoute({
    path: appPaths.logout,
    layout: 'bare',
    search: logoutSearch,
    page: logoutPage,
  }),
  defineRoute({
    path: appPaths.signup,
    layout: 'bare',
    search: signupSearch,
    page: signupPage,
  }),
  defineRoute({
    path: appPaths.paywall,
    layout: 'bare',
    page: paywallPage,
    prefetch: ({ queryClient }) => {
      // Only a session can read it: no call for someone the page is about to send to sign in.
      const { accessToken, refreshToken } = readSessionCookies();
      return accessToken || refreshToken ? prefetchLazily(queryClient, paywallQuery) : undefined;
    },
  }),
  defineRoute({
    path: '/convite/:token',
    layout: 'bare',
    title: 'Convite para a equipe',
    page: invitationPage,
  }),
  defineRoute({
    path: appPaths.downloadApp,
    layout: 'bare',
    title: 'Baixar aplicativo',
    page: downloadAppPage,
  }),

  // Onboarding
  defineRoute({
    path: appPaths.onboarding,
    layout: 'bare',
    access: 'signed-in',
    page: onboardingPage,
  }),
  defineRoute({
    path: appPaths.onboardingUserName,
    layout: 'bare',
    access: 'signed-in',
    page: onboardingPage,
  }),
  defineRoute({
    path: appPaths.onboardingCompany,
    layout: 'bare',
    access: 'signed-in',
    page: onboardingPage,
  }),
  defineRoute({
    path: appPaths.onboardingPhone,
    layout: 'bare',
    access: 'signed-in',
    page: onboardingPage,
  }),
  defineRoute({
    path: appPaths.onboardingVerifyPhone,
    layout: 'bare',
    access: 'signed-in',
    search: phoneSearch,
    page: onboardingPage,
  }),
  defineRoute({
    path: appPaths.onboardingTrial,
    layout: 'bare',
    access: 'signed-in',
    page: onboardingPage,
  }),

  // Signed-in area: home
  defineRoute({
    path: appPaths.home,
    layout: 'shell',
    title: 'Início',
    search: homeSearch,
    page: homePage,
    prefetch: ({ queryClient }) =>
      Promise.all([
        prefetchLazily(queryClient, dashboardQuery),
        prefetchLazily(queryClient, whatsappStatusQuery),
      ]),
  }),
  defineRoute({
    path: appPaths.homeNewTask,
    layout: 'shell',
    title: 'Nova tarefa',
    page: newTaskPage,
  }),
  defineRoute({
    path: appPaths.homeAdvisor,
    layout: 'shell',
    search: advisorSearch,
    page: advisorPage,
  }),
  defineRoute({
    path: '/home/:taskId',
    layout: 'shell',
    page: taskDetailPage,
  }),
  defineRoute({
    path: '/home/:taskId/edit',
    layout: 'shell',
    page: editTaskPage,
  }),
  defineRoute({
    path: '/home/:taskId/delete',
    layout: 'shell',
    page: deleteTaskPage,
  }),
  defineRoute({
    path: '/home/:taskId/deleteFollowUp',
    layout: 'shell',
    page: deleteFollowUpPage,
  }),

  // Sales
  defineRoute({
    path: appPaths.sales,
    layout: 'shell',
    title: 'Vendas',
    page: salesBoardPage,
    search: salesSearch,
    prefetch: ({ queryClient, search }) =>
      prefetchLazily(queryClient, () => salesBoardQuery().then((query) => query(search.assignee))),
  }),
  defineRoute({
    path: appPaths.newDeal,
    layout: 'shell',
    page: dealPage,
  }),
  defineRoute({
    path: '/sales/:dealId',
    layout: 'shell',
    // "new" means a blank deal (spec §2): the page reads null.
    params: ({ dealId }) => ({ dealId: dealId === 'new' ? null : dealId }),
    page: dealPage,
  }),

  // Customers
  defineRoute({
    path: appPaths.customers,
    layout: 'shell',
    title: 'Clientes',
    search: customersSearch,
    page: customersPage,
  }),
  defineRoute({
    path: appPaths.newCustomer,
    layout: 'shell',
    title: 'Novo cliente',
    page: newCustomerPage,
  }),
  defineRoute({
    path: '/customers/:id',
    layout: 'shell',
    page: customerDetailPage,
  }),
  defineRoute({
    path: '/customers/:id/edit',
    layout: 'shell',
    page: editCustomerPage,
  }),

  // Tasks
  defineRoute({
    path: appPaths.tasks,
    layout: 'shell',
    title: ({ filter }) => (filter === 'overdue' ? 'Tarefas Atrasadas' : 'Tarefas'),
    search: tasksSearch,
    page: tasksPage,
  }),
  defineRoute({
    path: appPaths.newTask,
    layout: 'shell',
    title: 'Nova tarefa',
    page: newTaskPage,
  }),
  defineRoute({
    path: '/tasks/:taskId',
    layout: 'shell',
    page: taskDetailPage,
  }),
  defineRoute({
    path: '/tasks/:taskId/edit',
    layout: 'shell',
    page: editTaskPage,
  }),
  defineRoute({
    path: '/tasks/:taskId/delete',
    layout: 'shell',
    page: deleteTaskPage,
  }),
  defineRoute({
    path: '/tasks/:taskId/deleteFollowUp',
    layout: 'shell',
    page: deleteFollowUpPage,
  }),

  // Settings
  defineRoute({
    path: appPaths.settings,
    layout: 'shell',
    title: 'Configurações',
    page: settingsPage,
    prefetch: ({ queryClient }) => prefetchLazily(queryClient, subscriptionQuery),
  }),
  defineRoute({
    path: appPaths.aiTraining,
    layout: 'shell',
    page: aiTrainingPage,
  }),
  defineRoute({
    path: appPaths.services,
    layout: 'shell',
    title: 'Serviços',
    page: servicesPage,
  }),
  defineRoute({
    path: appPaths.newService,
    layout: 'shell',
    minRole: 'manager',
    page: serviceFormPage,
  }),
  defineRoute({
    path: '/settings/services/:serviceId/edit',
    layout: 'shell',
    minRole: 'manager',
    page: serviceFormPage,
  }),
  defineRoute({
    path: appPaths.companyInfo,
    layout: 'shell',
    minRole: 'manager',
    title: 'Sobre a empresa',
    page: companyInfoPage,
  }),
  defineRoute({
    path: appPaths.team,
    layout: 'shell',
    minRole: 'owner',
    title: 'Equipe',
    page: teamPage,
  }),
  defineRoute({
    path: appPaths.invite,
    layout: 'shell',
    title: 'Indique e Ganhe',
    page: invitePage,
  }),
  defineRoute({
    path: appPaths.accessSecurity,
    layout: 'shell',
    title: 'Acesso e Segurança',
    redirectTo: appPaths.phoneChange,
  }),
  defineRoute({
    path: appPaths.phoneChange,
    layout: 'shell',
    title: 'Alterar o número de celular',
    page: phoneChangePage,
  }),
  defineRoute({
    path: appPaths.phoneChangeValidate,
    layout: 'shell',
    title: 'Valide seu telefone',
    search: phoneSearch,
    page: phoneChangeValidatePage,
  }),

  // Settings: WhatsApp connection
  defineRoute({
    path: appPaths.whatsapp,
    layout: 'shell',
    title: 'Conexão WhatsApp',
    page: whatsappConnectionPage,
  }),
  defineRoute({
    path: appPaths.whatsappSelectConnection,
    layout: 'shell',
    title: 'Selecione sua conexão',
    page: whatsappConnectionPage,
  }),
  defineRoute({
    path: appPaths.whatsappHowToReconnect,
    layout: 'shell',
    title: 'Como Reconectar',
    page: whatsappConnectionPage,
  }),
  defineRoute({
    path: appPaths.whatsappDisconnect,
    layout: 'shell',
    title: 'Desconectar WhatsApp Business',
    page: whatsappConnectionPage,
  }),
  defineRoute({
    path: appPaths.whatsappDisconnectFeedback,
    layout: 'shell',
    title: 'Feedback de Desconexão',
    page: whatsappConnectionPage,
  }),
  defineRoute({
    path: appPaths.whatsappConnect,
    layout: 'shell',
    title: 'Conexão WhatsApp',
    page: whatsappConnectionPage,
  }),
  defineRoute({
    path: appPaths.whatsappConnectBusiness,
    layout: 'shell',
    title: 'Conectar WhatsApp Business',
    page: whatsappConnectionPage,
  }),
  defineRoute({
    path: appPaths.whatsappConnectSuccess,
    layout: 'shell',
    title: 'WhatsApp Conectado',
    page: whatsappConnectionPage,
  }),
  defineRoute({
    path: appPaths.whatsappConnectNotReady,
    layout: 'shell',
    title: 'Erro na Conexão',
    page: whatsappConnectionPage,
  }),
  defineRoute({
    path: appPaths.whatsappConnectError,
    layout: 'shell',
    title: 'Erro na Conexão',
    page: whatsappConnectionPage,
  }),
  defineRoute({
    path: appPaths.whatsappConnectHeadsUp,
    layout: 'shell',
    title: 'Informações importantes',
    page: whatsappConnectionPage,
  }),
  defineRoute({
    path: appPaths.whatsappBlocklist,
    layout: 'shell',
    title: 'Contatos ignorados',
    page: blocklistPage,
  }),
];
