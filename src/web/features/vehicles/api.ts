import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@shared/http/paging';
import type { VehicleInput } from '@shared/vehicles/schemas';
import type { Vehicle, VehicleDetail, VehicleSummary, VehicleTimelineEntry, VinDuplicate } from '@shared/vehicles/types';
import { api, toSearchParams } from '@/lib/api-client';

export const vehiclesKey = ['vehicles'] as const;

export function useVehicleList(query: string) {
  return useQuery({
    queryKey: [...vehiclesKey, 'list', query],
    queryFn: ({ signal }) => api<Page<Vehicle>>(`/api/vehicles?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useVehicleSummary(query: string) {
  return useQuery({
    queryKey: [...vehiclesKey, 'summary', query],
    queryFn: ({ signal }) => api<VehicleSummary>(`/api/vehicles/summary?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useVehicle(id: string) {
  return useQuery({
    queryKey: [...vehiclesKey, 'detail', id],
    queryFn: ({ signal }) => api<VehicleDetail>(`/api/vehicles/${id}`, { signal }),
    retry: false,
  });
}

export function useVehicleTimeline(id: string) {
  return useQuery({
    queryKey: [...vehiclesKey, 'timeline', id],
    queryFn: ({ signal }) => api<VehicleTimelineEntry[]>(`/api/vehicles/${id}/timeline`, { signal }),
  });
}

/** Another visible vehicle with this VIN; asked only once the VIN is complete. */
export function useVinDuplicate(vin: string, excludeId: string | undefined) {
  const query = toSearchParams({ vin, exclude_id: excludeId });
  return useQuery({
    queryKey: [...vehiclesKey, 'vin-check', query],
    queryFn: ({ signal }) => api<VinDuplicate>(`/api/vehicles/vin-check?${query}`, { signal }),
    enabled: vin.length === 17,
    staleTime: 30_000,
  });
}

export function useCreateVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VehicleInput) => api<Vehicle>('/api/vehicles', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vehiclesKey }),
  });
}

export function useUpdateVehicle(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VehicleInput & { updated_at: string }) =>
      api<Vehicle>(`/api/vehicles/${id}`, { method: 'PUT', body: input }),
    onSuccess: (vehicle) => queryClient.setQueryData([...vehiclesKey, 'detail', id], vehicle),
    // A refused stale save also refreshes, so the screen shows the version that won.
    onSettled: () => queryClient.invalidateQueries({ queryKey: vehiclesKey }),
  });
}

export function useDeleteVehicle(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>(`/api/vehicles/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: [...vehiclesKey, 'detail', id] });
      return Promise.all([queryClient.invalidateQueries({ queryKey: vehiclesKey }), queryClient.invalidateQueries({ queryKey: ['dashboard'] })]);
    },
  });
}
