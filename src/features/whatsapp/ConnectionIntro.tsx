import { useSelector } from '@xstate/react';
import type { WhatsappConnectionActor } from '../../../machines/whatsapp/whatsapp-connection.machine';
import { BackButton } from './BackButton';

/**
 * connect-whatsapp ("Conexão WhatsApp", the Cloud API) or connect-business ("Conectar WhatsApp
 * Business", coexistence): what the chosen connection needs, before the heads-up.
 */
export function ConnectionIntro({ connection }: { connection: WhatsappConnectionActor }) {
  const coexistence = useSelector(connection, (s) => s.context.mode === 'coexistence');
  return (
    <section className="card" aria-labelledby="whatsapp-intro">
      <h2 id="whatsapp-intro" className="card__heading">
        {coexistence
          ? 'Use o app WhatsApp Business e o Fechaí juntos'
          : 'Conecte pela API oficial do WhatsApp'}
      </h2>
      <p className="card__text">Você vai precisar de:</p>
      <ul className="whatsapp-connection__steps">
        <li>Uma conta no Facebook com acesso ao Gerenciador de Negócios da empresa.</li>
        {coexistence ? (
          <>
            <li>O app WhatsApp Business atualizado, com o número da empresa, no seu celular.</li>
            <li>O celular por perto: você vai ler um código QR com ele.</li>
          </>
        ) : (
          <>
            <li>Um número de telefone que possa receber um código por SMS ou ligação.</li>
            <li>Se o número estiver no app do WhatsApp, apague a conta dele no app antes de continuar.</li>
          </>
        )}
      </ul>
      <div className="form__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => connection.send({ type: 'CONTINUE' })}
        >
          Continuar
        </button>
        <BackButton connection={connection} />
      </div>
    </section>
  );
}
