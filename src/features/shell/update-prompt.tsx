import { useEffect } from 'react';
import { menuMessages } from '../../domain/messages.ts';
import { applyUpdate, registerServiceWorker, useSwUpdate } from './sw-update.ts';
import './shell.css';

/** 'Nova versão disponível' + 'Atualizar' when a new service worker is waiting (production only). */
export function UpdatePrompt() {
  const waiting = useSwUpdate((s) => s.waiting);
  useEffect(() => {
    void registerServiceWorker();
  }, []);
  if (!waiting) return null;
  return (
    <div className="update-prompt" role="status">
      <span>{menuMessages.updateAvailable}</span>
      <button type="button" className="button" onClick={applyUpdate}>
        {menuMessages.updateButton}
      </button>
    </div>
  );
}
