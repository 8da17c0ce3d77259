import { useSelector } from '@xstate/react';
import {
  AI_TRAINING_LOAD_FAILED_TEXT,
  aiTrainingTexts,
} from '../../../../machines/ai-training-form/ai-training-form.texts';
import { appPaths } from '../../../../machines/app-paths';
import { useRoleAllows } from '../../../app/session/session-context';
import { ErrorCard } from '../../../ui/error-boundary/ErrorCard';
import { OwnErrorScreen } from '../../../ui/error-boundary/OwnErrorScreen';
import { TrainingForm } from './TrainingForm';
import { TrainingHistory } from './TrainingHistory';
import { TrainingPreview } from './TrainingPreview';
import { TrainingServices } from './TrainingServices';
import { type AiTrainingActor, useAiTrainingForm } from './useAiTrainingForm';
import './ai-training.css';

function AiTrainingErrorView({ onRetry }: { onRetry: () => void }) {
  return (
    <ErrorCard
      title={AI_TRAINING_LOAD_FAILED_TEXT}
      text="Verifique sua conexão e tente de novo."
      onRetry={onRetry}
      back={{ to: appPaths.settings, label: 'Voltar para Configurações' }}
    />
  );
}

/** What the chart is doing decides the screen: the skeleton, the error screen, the form or the history. */
function AiTrainingScreen({ actor }: { actor: AiTrainingActor }) {
  const top = useSelector(actor, (s) => (typeof s.value === 'string' ? s.value : 'ready'));
  const history = useSelector(actor, (s) => {
    const form = (s.value as { ready?: { form: unknown } }).ready?.form;
    return typeof form === 'object' && form !== null ? (form as { history: string }).history : null;
  });
  if (top === 'loading')
    return (
      <div className="card ai-training__loading" role="status">
        <span className="visually-hidden">Carregando treinamento...</span>
        {[0, 1, 2].map((n) => (
          <span key={n} className="skeleton skeleton--field" />
        ))}
      </div>
    );
  if (top === 'loadFailed') return <AiTrainingErrorView onRetry={() => actor.send({ type: 'RETRY' })} />;
  return (
    <div className="ai-training__layout">
      <div className="ai-training__main">
        {history ? (
          <TrainingHistory actor={actor} step={history} />
        ) : (
          <>
            <div className="ai-training__toolbar">
              <button
                type="button"
                className="button button--secondary"
                onClick={() => actor.send({ type: 'OPEN_HISTORY' })}
              >
                {aiTrainingTexts.history}
              </button>
            </div>
            <TrainingForm actor={actor} />
          </>
        )}
        <TrainingServices />
      </div>
      <aside className="ai-training__aside">
        <TrainingPreview actor={actor} />
      </aside>
    </div>
  );
}

function AiTraining() {
  return <AiTrainingScreen actor={useAiTrainingForm(useRoleAllows('manager'))} />;
}

/** /settings/ai-training (spec §2, issue 18): what the AI must know about the business. */
export default function AiTrainingPage() {
  return (
    <div className="page">
      {/* Spec §2 gives this route no title: the page names itself, the document title stays the app's. */}
      <h1 className="page-heading">{aiTrainingTexts.title}</h1>
      <p className="card__text ai-training__intro">{aiTrainingTexts.intro}</p>
      <OwnErrorScreen screen={(retry) => <AiTrainingErrorView onRetry={retry} />}>
        <AiTraining />
      </OwnErrorScreen>
    </div>
  );
}
