import { useCallback, useState } from 'react';
import {
  applyDisplayPreferences,
  loadPreferences,
  savePreferences,
  type Preferences,
} from '../../../lib/preferences';

/**
 * The local preference object (docs/product.md#settings: toggles are local-only). Each change is kept in this
 * browser and the display part applied at once; nothing goes to the server.
 */
export function usePreferences() {
  const [preferences, setPreferences] = useState<Preferences>(loadPreferences);

  const update = useCallback(
    <S extends keyof Preferences>(section: S, patch: Partial<Preferences[S]>) => {
      const next = { ...preferences, [section]: { ...preferences[section], ...patch } };
      setPreferences(next);
      savePreferences(next);
      if (section === 'display') applyDisplayPreferences(next.display);
    },
    [preferences],
  );

  return { preferences, update };
}
