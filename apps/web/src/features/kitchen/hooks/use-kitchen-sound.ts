import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { storage } from '../../../lib/storage';

/** The kitchen screen's one preference: whether new tickets beep ('off' or absent: on). */
export const KITCHEN_SOUND_KEY = 'kitchaco.kitchen.sound';

const readSoundOn = () => storage.get(KITCHEN_SOUND_KEY) !== 'off';

type AudioContextClass = typeof AudioContext;

function audioContextClass(): AudioContextClass | undefined {
  if (typeof window === 'undefined') return undefined;
  return (
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext
  );
}

/** What a sound says: a new ticket (two rising tones) or a ticket called off (three falling). */
export type KitchenSoundKind = 'new' | 'canceled';

const TONES: Record<KitchenSoundKind, readonly (readonly [number, number])[]> = {
  new: [
    [0, 880],
    [0.18, 1175],
  ],
  canceled: [
    [0, 988],
    [0.18, 740],
    [0.36, 494],
  ],
};

/** Short tones (about 0.35-0.55 s), made in code: no sound file to download or cache. */
function beep(context: AudioContext, kind: KitchenSoundKind = 'new'): void {
  const start = context.currentTime + 0.01;
  for (const [offset, frequency] of TONES[kind]) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.4, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.16);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + 0.17);
  }
}

export interface KitchenSound {
  /** The kitchen's choice, remembered on this device. */
  on: boolean;
  setOn: (on: boolean) => void;
  /**
   * Whether the browser lets the page play sound: it needs one tap or key press on the page first.
   * False also where the browser has no Web Audio.
   */
  unlocked: boolean;
  /** Whether this browser can beep at all. */
  supported: boolean;
  /** To call from a tap: unlocks the sound and plays the beep once, so the kitchen hears it works. */
  enable: () => void;
  /** The new-ticket beep, or the called-off sound (nothing when off or not yet unlocked). */
  play: (kind?: KitchenSoundKind) => void;
}

/**
 * The new-ticket beep: a Web Audio tone, on or off as the kitchen chose (localStorage). Browsers keep
 * audio locked until the person interacts with the page, so the first tap or key press anywhere
 * unlocks it; until then the screen offers "Tap to enable sound".
 */
export function useKitchenSound(): KitchenSound {
  const on = useSyncExternalStore(storage.subscribe, readSoundOn, () => true);
  const context = useRef<AudioContext | null>(null);
  const [unlocked, setUnlocked] = useState(false);
  const Context = audioContextClass();

  const unlock = useCallback((): AudioContext | null => {
    if (!Context) return null;
    context.current ??= new Context();
    const audio = context.current;
    if (audio.state === 'running') setUnlocked(true);
    else
      void audio.resume().then(
        () => setUnlocked(audio.state === 'running'),
        () => setUnlocked(false),
      );
    return audio;
  }, [Context]);

  useEffect(() => {
    if (unlocked || !Context) return;
    const onGesture = () => unlock();
    // On click, not pointerdown: the bar drops "Tap to enable sound" once unlocked, and a layout
    // change between press and release would move the control tapped (the tablet's wrapped bar).
    // The press's user activation still lets the audio start within the click.
    window.addEventListener('click', onGesture, { capture: true });
    window.addEventListener('keydown', onGesture, { capture: true });
    return () => {
      window.removeEventListener('click', onGesture, { capture: true });
      window.removeEventListener('keydown', onGesture, { capture: true });
    };
  }, [unlocked, unlock, Context]);

  useEffect(
    () => () => {
      void context.current?.close().catch(() => undefined);
      context.current = null;
    },
    [],
  );

  const play = useCallback(
    (kind: KitchenSoundKind = 'new') => {
      const audio = context.current;
      if (!on || !audio || audio.state !== 'running') return;
      beep(audio, kind);
    },
    [on],
  );

  const enable = useCallback(() => {
    const audio = unlock();
    if (!audio) return;
    storage.set(KITCHEN_SOUND_KEY, 'on');
    void audio.resume().then(
      () => beep(audio),
      () => undefined,
    );
  }, [unlock]);

  const setOn = useCallback((next: boolean) => storage.set(KITCHEN_SOUND_KEY, next ? 'on' : 'off'), []);

  return { on, setOn, unlocked, supported: Context !== undefined, enable, play };
}
