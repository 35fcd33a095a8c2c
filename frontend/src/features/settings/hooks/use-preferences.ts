import type { Preferences, PreferencesAnswer } from '@gundem/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiClient } from '../../../lib/api-client';
import { useAuth, useViewerKey } from '../../../lib/auth';
import { applyDisplayPreferences, previewDisplay } from '../../../lib/preferences';
import {
  loadPreferences,
  preferencesChanges,
  preferencesKey,
  savePreferences,
  withDefaults,
} from '../../../lib/preferences-cache';
import { useRealtime } from '../../../lib/realtime/hooks';

/**
 * The settings screen's copy of the settings object (docs/product.md#settings): the switches edit
 * a draft (the display part is previewed on the page at once); `Değişiklikleri kaydet` saves it —
 * a member's on the server (`PUT /api/users/me/preferences`, only what changed), then in this
 * browser's cache; a guest's in this browser only — and `İptal` puts the draft (and the page's
 * display) back to the saved copy. Leaving the screen unsaved puts the display back too.
 * A member's saved copy is the server's, read when the screen opens; until it answers (or if it
 * fails) the cache stands in for it, and another tab's save replaces it (lib/preferences-cache.tsx).
 */
/** The display part a draft previews: theme and size (the language is applied once saved: it reloads the page). */
function preview(display: Preferences['display']): Partial<Preferences['display']> {
  return { theme: display.theme, fontSize: display.fontSize };
}

export function usePreferences() {
  const { isAuthenticated, user, updateUser } = useAuth();
  const viewer = useViewerKey();
  const queryClient = useQueryClient();
  const realtime = useRealtime();
  const key = preferencesKey(viewer);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiClient.get<PreferencesAnswer>('/users/me/preferences', { signal }).then(withDefaults),
    enabled: isAuthenticated,
    staleTime: 0,
  });

  const [localSaved, setLocalSaved] = useState<Preferences>(loadPreferences);
  const saved = (isAuthenticated ? query.data : undefined) ?? localSaved;
  const [draft, setDraft] = useState<Preferences>(saved);
  const [edited, setEdited] = useState(false);
  const [justSaved, setJustSaved] = useState(false);

  // A newer saved copy (the server's answer, another tab's save) replaces an untouched draft.
  useEffect(() => {
    if (!edited) setDraft(saved);
  }, [saved, edited]);

  // Leaving with an unsaved preview: the page shows the saved display again.
  const savedRef = useRef(saved);
  savedRef.current = saved;
  const editedRef = useRef(edited);
  editedRef.current = edited;
  useEffect(
    () => () => {
      if (!editedRef.current) return;
      previewDisplay(null);
      applyDisplayPreferences(preview(savedRef.current.display));
    },
    [],
  );

  const save = useMutation({
    mutationFn: (next: Preferences) => {
      const headers: Record<string, string> = {};
      if (realtime?.socketId) headers['X-Socket-Id'] = realtime.socketId;
      return apiClient
        .put<PreferencesAnswer>('/users/me/preferences', preferencesChanges(saved, next), { headers })
        .then(withDefaults);
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(key, answer);
      savePreferences(answer);
      // The nav's `Takip istekleri` entry is a protected member's: shown or hidden without a reload.
      if (user && user.protected !== answer.privacy.protectedTweets) updateUser({ protected: answer.privacy.protectedTweets });
      // Saved: another language reloads the page, which starts in it (its texts load before the first render).
      previewDisplay(null);
      applyDisplayPreferences(answer.display);
      setDraft(answer);
      setEdited(false);
      setJustSaved(true);
    },
  });

  const update = useCallback(<S extends keyof Preferences>(section: S, patch: Partial<Preferences[S]>) => {
    setDraft((current) => {
      const next = { ...current, [section]: { ...current[section], ...patch } };
      if (section === 'display') previewDisplay(preview(next.display));
      return next;
    });
    setEdited(true);
    setJustSaved(false);
    save.reset();
  }, [save]);

  const cancel = useCallback(() => {
    setDraft(saved);
    setEdited(false);
    setJustSaved(false);
    save.reset();
    previewDisplay(null);
    applyDisplayPreferences(preview(saved.display));
  }, [saved, save]);

  const submit = useCallback(() => {
    if (isAuthenticated) {
      save.mutate(draft);
      return;
    }
    savePreferences(draft);
    setLocalSaved(draft);
    setEdited(false);
    setJustSaved(true);
  }, [isAuthenticated, draft, save]);

  return {
    preferences: draft,
    update,
    save: submit,
    cancel,
    /** Whether the draft differs from the saved copy. */
    dirty: edited && JSON.stringify(draft) !== JSON.stringify(saved),
    saving: save.isPending,
    saveError: save.error,
    justSaved,
    loading: isAuthenticated && query.isPending,
    loadError: isAuthenticated && query.isError ? query.error : null,
    retryLoad: () => void query.refetch(),
    retrying: query.isFetching,
  };
}
