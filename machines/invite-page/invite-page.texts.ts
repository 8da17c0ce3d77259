import type { ReferralReward } from '../../contracts/referral';
import type { InvitePageConfig } from '../../contracts/remote-config';

/**
 * The invite page's words. The remote configuration's invite texts (mgm_page_config, with spec §9's
 * defaults: "Indique e ganhe", "Convide e ganhe", no current-week counter) win; what neither gives
 * is said here.
 */
export type InviteTexts = Required<InvitePageConfig>;

const ownDefaults: InviteTexts = {
  badge: 'Indique e ganhe',
  title: 'Convide e ganhe',
  subtitle: 'Indique o Fechaí para outras empresas: quando uma delas assina, você ganha 1 mês grátis.',
  link_field_title: 'Seu link de indicação',
  current_week_enabled: false,
  current_week_counter_title: 'Indicações desta semana',
  current_week_counter_subtitle: 'Contadas desde segunda-feira.',
  current_week_rules_link: '',
  current_week_rules_title: 'Ver regras',
  total_counter_title: 'Total de indicações',
  total_counter_subtitle: 'Desde que você começou a indicar.',
  share_link_button_title: 'Compartilhar link',
};

export function inviteTextsOf(config: InvitePageConfig): InviteTexts {
  const given = Object.fromEntries(Object.entries(config).filter(([, value]) => value !== undefined));
  return { ...ownDefaults, ...given } as InviteTexts;
}

export const invitePageTexts = {
  loading: 'Carregando indicações...',
  copy: 'Copiar',
  copied: 'Link copiado!',
  copyFailed: 'Não foi possível copiar o link. Selecione e copie o texto.',
  shareOnWhatsapp: 'Enviar no WhatsApp',
  /** The counters' two numbers. */
  installs: 'Empresas cadastradas',
  watchers: 'Com WhatsApp conectado',
  rewardsTitle: 'Recompensas',
  noRewards: 'Quando uma empresa indicada assinar, você ganha 1 mês grátis.',
  retryHint: 'Verifique sua conexão e tente de novo.',
} as const;

const dateFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' });

/** "1 mês grátis · 14/01/2030": one reward earned, with the day it was earned. */
export function rewardLine(reward: ReferralReward): string {
  return `${reward.description} · ${dateFormat.format(new Date(reward.earnedAt))}`;
}
