/** "Tentar novamente" after something failed to load: the primary action of an error view. */
export function RetryButton({ onRetry, className }: { onRetry: () => void; className?: string }) {
  return (
    <button
      type="button"
      className={className ? `button button--primary ${className}` : 'button button--primary'}
      onClick={onRetry}
    >
      Tentar novamente
    </button>
  );
}
