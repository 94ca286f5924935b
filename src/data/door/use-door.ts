/** The door's one hook: the engine (engine.ts) made once per screen, started while it is shown. */
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { createDoor, type Door, type DoorOptions, type DoorState } from './engine.ts';

export function useDoor(options?: DoorOptions): DoorState & { door: Door } {
  const [door] = useState(() => createDoor(options));
  useEffect(() => door.start(), [door]);
  return { ...useStore(door.store), door };
}
