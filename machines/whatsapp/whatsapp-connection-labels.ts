import type { DisconnectReason } from '../../contracts/whatsapp-connection';
import type { WhatsappConnectionMode } from '../../contracts/whatsapp-status';

/** The connection modes as the pages name them. */
export const modeLabels: Readonly<Record<WhatsappConnectionMode, string>> = {
  cloud_api: 'API do WhatsApp (Cloud API)',
  coexistence: 'Continuar usando o app WhatsApp Business',
};

/** The feedback page's reasons (contracts' `disconnectReasons`), in pt-BR. */
export const disconnectReasonLabels: Readonly<Record<DisconnectReason, string>> = {
  not_using: 'Não estou usando',
  too_hard: 'Achei difícil de usar',
  missing_feature: 'Falta uma funcionalidade de que preciso',
  problems: 'Tive problemas com a conexão',
  switching_number: 'Vou trocar de número',
  other: 'Outro motivo',
};
