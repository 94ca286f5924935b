/** Sound and vibration for door feedback, where the device has them. */
let audio: AudioContext | null = null;

export function signal(ok: boolean): void {
  try {
    globalThis.navigator?.vibrate?.(ok ? 80 : [60, 40, 60]);
  } catch {
    // not allowed: the screen still says it
  }
  try {
    audio ??= new AudioContext();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = ok ? 880 : 220;
    gain.gain.value = 0.08;
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + (ok ? 0.12 : 0.3));
  } catch {
    // no audio (or not yet allowed by the browser)
  }
}
