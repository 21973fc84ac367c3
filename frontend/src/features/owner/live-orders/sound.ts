// A short beep for a new paid order, made with WebAudio (no sound file to download). Browsers keep audio locked until
// the person interacts with the page: the first click or key anywhere unlocks it, and a beep that is still blocked is
// skipped silently.
import { readString, writeString } from '@/lib/storage';

const SOUND_KEY = 'liveOrdersSound';

export function soundPreference(): boolean {
  return readString(SOUND_KEY) !== 'off';
}

export function rememberSoundPreference(on: boolean): void {
  writeString(SOUND_KEY, on ? 'on' : 'off');
}

type AudioContextClass = typeof AudioContext;
let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (context) return context;
  const Constructor =
    (globalThis as { AudioContext?: AudioContextClass }).AudioContext ??
    (globalThis as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
  if (!Constructor) return null;
  try {
    context = new Constructor();
  } catch {
    return null;
  }
  return context;
}

/** Called from a user gesture: lets later beeps play. */
export function unlockSound(): void {
  const audio = audioContext();
  if (audio?.state === 'suspended') audio.resume().catch(() => undefined);
}

/** Two short tones; nothing at all when audio is unavailable or still locked. */
export function playBeep(): void {
  try {
    const audio = audioContext();
    if (!audio || audio.state !== 'running') return;
    const start = audio.currentTime;
    for (const [offset, frequency] of [
      [0, 880],
      [0.18, 1175],
    ] as const) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.3, start + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.16);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(start + offset);
      oscillator.stop(start + offset + 0.17);
    }
  } catch {
    // A beep is a courtesy: never let it break the console.
  }
}
