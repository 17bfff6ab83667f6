import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InviteInput, MemberUpdate } from '@shared/team/schemas';
import { teamApi } from '@shared/team/api';
import { areaKey, call, callWith, keyOf } from '@/lib/contract';

export function useTeam() {
  return useQuery({
    queryKey: keyOf(teamApi.members),
    queryFn: ({ signal }) => callWith(teamApi.members, {}, signal).then((r) => r.members),
  });
}

export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteInput) => call(teamApi.invite, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: areaKey(teamApi) }),
  });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(teamApi.revokeInvitation, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: areaKey(teamApi) }),
  });
}

export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: MemberUpdate & { id: string }) => call(teamApi.updateMember, { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: areaKey(teamApi) }),
  });
}
