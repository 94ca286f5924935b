import { CSV_MIME } from '../domain/csv.ts';

/** Saves a text as a file through a temporary link (the browser's download, no server round trip). */
export function downloadText(text: string, fileName: string, type = CSV_MIME): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
