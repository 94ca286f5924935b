import './ui.css';

/** An indeterminate loading indicator with an accessible label. */
export function Spinner({ label = 'Carregando...', size = 32 }: { label?: string; size?: number }) {
  return (
    <span className="spinner-wrap" role="status">
      <span className="spinner" style={{ width: size, height: size }} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
