import type { WhatsappConnectionMode } from '../../../contracts/whatsapp-status';
import type { WhatsappConnectionActor } from '../../../machines/whatsapp/whatsapp-connection.machine';
import { modeLabels } from '../../../machines/whatsapp/whatsapp-connection-labels';
import { BackButton } from './BackButton';

const explained: Readonly<Record<WhatsappConnectionMode, string>> = {
  cloud_api:
    'O número passa a funcionar só pelo Fechaí. Use um número que não esteja no app do WhatsApp ou que você possa tirar dele.',
  coexistence:
    'Você continua respondendo pelo app WhatsApp Business no celular, e as conversas também chegam ao Fechaí.',
};

/** "Selecione sua conexão": the Cloud API, or keeping the WhatsApp Business app (coexistence). */
export function ConnectionChoice({ connection }: { connection: WhatsappConnectionActor }) {
  return (
    <>
      <p className="card__text">Como você quer conectar o WhatsApp da sua empresa?</p>
      <ul className="whatsapp-connection__options">
        {(['coexistence', 'cloud_api'] as const).map((mode) => (
          <li key={mode}>
            <button
              type="button"
              className="card whatsapp-connection__option"
              aria-labelledby={`whatsapp-mode-${mode}-title`}
              aria-describedby={`whatsapp-mode-${mode}`}
              onClick={() => connection.send({ type: 'CHOOSE', mode })}
            >
              <span id={`whatsapp-mode-${mode}-title`} className="whatsapp-connection__option-title">
                {modeLabels[mode]}
              </span>
              <span id={`whatsapp-mode-${mode}`} className="card__text">
                {explained[mode]}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <div className="form__actions">
        <BackButton connection={connection} />
      </div>
    </>
  );
}
