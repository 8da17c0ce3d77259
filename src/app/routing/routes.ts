import { paywallQuery } from '../../features/paywall/paywall-query';
import { subscriptionQuery } from '../../features/settings/subscription/subscription-query';
import { readSessionCookies } from '../../lib/session/session-cookies';
import { lazyPage } from './lazy-page';
import { type AppRoute, defineRoute } from './route-definition';
import {
  advisorSearch,
  customersSearch,
  homeSearch,
  loginSearch,
  logoutSearch,
  phoneSearch,
  signupSearch,
  tasksSearch,
} from './route-search';

// One chunk shared by every route whose feature is still to come (see TitleOnlyPage).
const titleOnlyPage = lazyPage(() => import('./TitleOnlyPage'));
const rootPage = lazyPage(() => import('../../features/auth/root/RootPage'));
const loginPage = lazyPage(() => import('../../features/auth/login/LoginPage'));
const logoutPage = lazyPage(() => import('../../features/auth/logout/LogoutPage'));
const signupPage = lazyPage(() => import('../../features/auth/signup/SignupPage'));
const downloadAppPage = lazyPage(() => import('../../features/download-app/DownloadAppPage'));
// The six onboarding routes share one page, so its chart lives on while the user moves between steps.
const onboardingPage = lazyPage(() => import('../../features/onboarding/OnboardingPage'));
const paywallPage = lazyPage(() => import('../../features/paywall/PaywallPage'));
const homePage = lazyPage(() => import('../../features/home/HomePage'));
const settingsPage = lazyPage(() => import('../../features/settings/SettingsPage'));
const phoneChangePage = lazyPage(() => import('../../features/settings/access-security/PhoneChangePage'));
const phoneChangeValidatePage = lazyPage(
  () => import('../../features/settings/access-security/PhoneChangeValidatePage'),
);

const wa = '/settings/whatsapp-business-connection';

/**
 * Every route of spec §2, in match order: fixed segments before the dynamic ones beside them
 * (/customers/new before /customers/:id). Each page is its own chunk. A trailing slash is optional
 * in every URL. Access (access.ts): every route in the app frame is the signed-in area (`app`,
 * the full guard order), the onboarding routes need a session (`signed-in`), the rest is public.
 */
export const appRoutes: readonly AppRoute[] = [
  // Public
  defineRoute({
    path: '/',
    layout: 'bare',
    page: rootPage,
  }),
  defineRoute({
    path: '/login',
    layout: 'bare',
    search: loginSearch,
    page: loginPage,
  }),
  defineRoute({
    path: '/logout',
    layout: 'bare',
    search: logoutSearch,
    page: logoutPage,
  }),
  defineRoute({
    path: '/signup',
    layout: 'bare',
    search: signupSearch,
    page: signupPage,
  }),
  defineRoute({
    path: '/paywall',
    layout: 'bare',
    page: paywallPage,
    prefetch: ({ queryClient }) => {
      // Only a session can read it: no call for someone the page is about to send to sign in.
      const { accessToken, refreshToken } = readSessionCookies();
      return accessToken || refreshToken ? queryClient.prefetchQuery(paywallQuery) : undefined;
    },
  }),
  defineRoute({
    path: '/download-app',
    layout: 'bare',
    title: 'Baixar aplicativo',
    page: downloadAppPage,
  }),

  // Onboarding
  defineRoute({
    path: '/onboarding',
    layout: 'bare',
    access: 'signed-in',
    page: onboardingPage,
  }),
  defineRoute({
    path: '/onboarding/user-name',
    layout: 'bare',
    access: 'signed-in',
    page: onboardingPage,
  }),
  defineRoute({
    path: '/onboarding/company',
    layout: 'bare',
    access: 'signed-in',
    page: onboardingPage,
  }),
  defineRoute({
    path: '/onboarding/phone',
    layout: 'bare',
    access: 'signed-in',
    page: onboardingPage,
  }),
  defineRoute({
    path: '/onboarding/verify-phone',
    layout: 'bare',
    access: 'signed-in',
    search: phoneSearch,
    page: onboardingPage,
  }),
  defineRoute({
    path: '/onboarding/trial',
    layout: 'bare',
    access: 'signed-in',
    page: onboardingPage,
  }),

  // Signed-in area: home
  defineRoute({
    path: '/home',
    layout: 'shell',
    title: 'Início',
    search: homeSearch,
    page: homePage,
    // prefetch: dashboard and WhatsApp connection status (spec §2), with the dashboard feature.
  }),
  defineRoute({
    path: '/home/new',
    layout: 'shell',
    title: 'Nova tarefa',
    page: titleOnlyPage,
  }),
  defineRoute({
    path: '/home/advisor',
    layout: 'shell',
    search: advisorSearch,
    page: titleOnlyPage,
  }),
  defineRoute({
    path: '/home/:taskId',
    layout: 'shell',
    page: titleOnlyPage,
  }),
  defineRoute({
    path: '/home/:taskId/edit',
    layout: 'shell',
    page: titleOnlyPage,
  }),
  defineRoute({
    path: '/home/:taskId/delete',
    layout: 'shell',
    page: titleOnlyPage,
  }),
  defineRoute({
    path: '/home/:taskId/deleteFollowUp',
    layout: 'shell',
    page: titleOnlyPage,
  }),

  // Sales
  defineRoute({
    path: '/sales',
    layout: 'shell',
    title: 'Vendas',
    page: titleOnlyPage,
    // prefetch: the paginated sales board (spec §2), with the sales board feature.
  }),
  defineRoute({
    path: '/sales/new',
    layout: 'shell',
    page: titleOnlyPage,
  }),
  defineRoute({
    path: '/sales/:dealId',
    layout: 'shell',
    // "new" means a blank deal (spec §2): the page reads null.
    params: ({ dealId }) => ({ dealId: dealId === 'new' ? null : dealId }),
    page: titleOnlyPage,
  }),

  // Customers
  defineRoute({
    path: '/customers',
    layout: 'shell',
    title: 'Clientes',
    search: customersSearch,
    page: titleOnlyPage,
  }),
  defineRoute({
    path: '/customers/new',
    layout: 'shell',
    title: 'Novo cliente',
    page: titleOnlyPage,
  }),
  defineRoute({
    path: '/customers/:id',
    layout: 'shell',
    page: titleOnlyPage,
  }),
  defineRoute({
    path: '/customers/:id/edit',
    layout: 'shell',
    page: titleOnlyPage,
  }),

  // Tasks
  defineRoute({
    path: '/tasks',
    layout: 'shell',
    title: ({ filter }) => (filter === 'overdue' ? 'Tarefas Atrasadas' : 'Tarefas'),
    search: tasksSearch,
    page: titleOnlyPage,
  }),
  defineRoute({
    path: '/tasks/new',
    layout: 'shell',
    title: 'Nova tarefa',
    page: titleOnlyPage,
  }),
  defineRoute({
    path: '/tasks/:taskId',
    layout: 'shell',
    page: titleOnlyPage,
  }),
  defineRoute({
    path: '/tasks/:taskId/edit',
    layout: 'shell',
    page: titleOnlyPage,
  }),
  defineRoute({
    path: '/tasks/:taskId/delete',
    layout: 'shell',
    page: titleOnlyPage,
  }),
  defineRoute({
    path: '/tasks/:taskId/deleteFollowUp',
    layout: 'shell',
    page: titleOnlyPage,
  }),

  // Settings
  defineRoute({
    path: '/settings',
    layout: 'shell',
    title: 'Configurações',
    page: settingsPage,
    prefetch: ({ queryClient }) => queryClient.prefetchQuery(subscriptionQuery),
  }),
  defineRoute({
    path: '/settings/ai-training',
    layout: 'shell',
    page: titleOnlyPage,
  }),
  defineRoute({
    path: '/settings/services',
    layout: 'shell',
    title: 'Serviços',
    page: titleOnlyPage,
  }),
  defineRoute({
    path: '/settings/services/new',
    layout: 'shell',
    page: titleOnlyPage,
  }),
  defineRoute({
    path: '/settings/services/:serviceId/edit',
    layout: 'shell',
    page: titleOnlyPage,
  }),
  defineRoute({
    path: '/settings/company-info',
    layout: 'shell',
    title: 'Sobre a empresa',
    page: titleOnlyPage,
  }),
  defineRoute({
    path: '/settings/invite',
    layout: 'shell',
    title: 'Indique e Ganhe',
    page: titleOnlyPage,
  }),
  defineRoute({
    path: '/settings/access-security',
    layout: 'shell',
    title: 'Acesso e Segurança',
    redirectTo: '/settings/access-security/phone-change',
  }),
  defineRoute({
    path: '/settings/access-security/phone-change',
    layout: 'shell',
    title: 'Alterar o número de celular',
    page: phoneChangePage,
  }),
  defineRoute({
    path: '/settings/access-security/phone-change/validate',
    layout: 'shell',
    title: 'Valide seu telefone',
    search: phoneSearch,
    page: phoneChangeValidatePage,
  }),

  // Settings: WhatsApp connection
  defineRoute({
    path: wa,
    layout: 'shell',
    title: 'Conexão WhatsApp',
    page: titleOnlyPage,
  }),
  defineRoute({
    path: `${wa}/select-your-connection`,
    layout: 'shell',
    title: 'Selecione sua conexão',
    page: titleOnlyPage,
  }),
  defineRoute({
    path: `${wa}/how-to-reconnect`,
    layout: 'shell',
    title: 'Como Reconectar',
    page: titleOnlyPage,
  }),
  defineRoute({
    path: `${wa}/disconnect-business`,
    layout: 'shell',
    title: 'Desconectar WhatsApp Business',
    page: titleOnlyPage,
  }),
  defineRoute({
    path: `${wa}/disconnect-business/feedback`,
    layout: 'shell',
    title: 'Feedback de Desconexão',
    page: titleOnlyPage,
  }),
  defineRoute({
    path: `${wa}/connect-whatsapp`,
    layout: 'shell',
    title: 'Conexão WhatsApp',
    page: titleOnlyPage,
  }),
  defineRoute({
    path: `${wa}/connect-business`,
    layout: 'shell',
    title: 'Conectar WhatsApp Business',
    page: titleOnlyPage,
  }),
  defineRoute({
    path: `${wa}/connect-business/success`,
    layout: 'shell',
    title: 'WhatsApp Conectado',
    page: titleOnlyPage,
  }),
  defineRoute({
    path: `${wa}/connect-business/not-ready`,
    layout: 'shell',
    title: 'Erro na Conexão',
    page: titleOnlyPage,
  }),
  defineRoute({
    path: `${wa}/connect-business/error`,
    layout: 'shell',
    title: 'Erro na Conexão',
    page: titleOnlyPage,
  }),
  defineRoute({
    path: `${wa}/connect-business/heads-up`,
    layout: 'shell',
    title: 'Informações importantes',
    page: titleOnlyPage,
  }),
  defineRoute({
    path: `${wa}/blocklist`,
    layout: 'shell',
    title: 'Contatos ignorados',
    page: titleOnlyPage,
  }),
];
