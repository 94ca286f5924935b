import { useMutation } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api.ts';

/** GET /v1/me/export, saved as a JSON file by the browser. */
export function useExportData(filename: string) {
  return useMutation({
    mutationFn: async () => {
      const data = await unwrap(apiClient().v1.me.export.$get());
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = filename;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    },
  });
}
