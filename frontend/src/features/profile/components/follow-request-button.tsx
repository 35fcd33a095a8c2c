import type { FollowResponse } from '@gundem/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonClass } from '../../../components/button';
import { useAuth } from '../../../lib/auth';
import { setFollow } from '../../../lib/follow';
import { WRITE_MUTATION_KEY } from '../../../lib/idempotent-write';
import { PROFILE_QUERY_ROOT } from '../../../lib/profile-key';
import { useSocketEvent } from '../../../lib/realtime/hooks';
import { tr } from '../../../locales/tr';
import { trProfile } from '../../../locales/tr-profile';

/**
 * The follow button of a protected account the viewer does not follow (issue 26): `Takip et` asks
 * (a follow request), `İstek gönderildi` (reading `İsteği geri çek` under the pointer) withdraws
 * it. The server's answer decides; a refusal puts the button back. When the account approves
 * (`follow-request:approved`, live) or the answer says the viewer follows it (protection went
 * off), the profile is read again and shows the posts.
 */
export function FollowRequestButton({ userId, name, requested }: { userId: string; name: string; requested: boolean }) {
  const { isAuthenticated, openAuthModal } = useAuth();
  const queryClient = useQueryClient();
  const [state, setState] = useState(requested);
  const [source, setSource] = useState(requested);
  const [hovered, setHovered] = useState(false);
  if (source !== requested) {
    setSource(requested);
    setState(requested);
  }
  const refreshProfile = () => void queryClient.invalidateQueries({ queryKey: [PROFILE_QUERY_ROOT] });
  const mutation = useMutation({
    mutationKey: [...WRITE_MUTATION_KEY, 'follow'],
    mutationFn: (ask: boolean) => setFollow(userId, ask) as Promise<FollowResponse>,
    onMutate: (ask) => {
      setState(ask);
      return { previous: !ask };
    },
    onSuccess: (result) => {
      setState(Boolean(result?.requested));
      if (result?.isFollowing) refreshProfile();
    },
    onError: (error, _ask, context) => {
      console.error('Takip isteği gönderilemedi', error);
      if (context) setState(context.previous);
    },
  });
  useSocketEvent('follow-request:approved', (event) => {
    if (event.userId === userId) refreshProfile();
  });
  const label = state ? (hovered ? trProfile.requestedHover : trProfile.requested) : tr.follow.follow;
  return (
    <button
      type="button"
      className={buttonClass({ variant: state ? 'secondary' : 'inverse', size: 'md', className: 'follow-button' })}
      aria-pressed={state}
      aria-busy={mutation.isPending || undefined}
      aria-label={state ? trProfile.requestedLabel(name) : trProfile.requestLabel(name)}
      data-testid="follow-request-button"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onClick={() => {
        if (!isAuthenticated) {
          openAuthModal('login');
          return;
        }
        if (mutation.isPending) return;
        setHovered(false);
        mutation.mutate(!state);
      }}
    >
      {label}
    </button>
  );
}
