import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InviteInput, MemberUpdate } from '@shared/team/schemas';
import type { CreatedInvitation, TeamMember } from '@shared/team/types';
import { api } from '@/lib/api-client';
import { keys } from '@/lib/query-keys';

export function useTeam() {
  return useQuery({
    queryKey: keys.team.members,
    queryFn: ({ signal }) => api<{ members: TeamMember[] }>('/api/team', { signal }).then((r) => r.members),
  });
}

export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteInput) => api<CreatedInvitation>('/api/team/invitations', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.team.all }),
  });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/team/invitations/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.team.all }),
  });
}

export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...change }: MemberUpdate & { id: string }) =>
      api<TeamMember>(`/api/team/members/${id}`, { method: 'PATCH', body: change }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.team.all }),
  });
}
