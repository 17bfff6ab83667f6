import { useMemo } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@shared/http/paging';
import type { VehicleInput } from '@shared/vehicles/schemas';
import type { VehiclePhoto } from '@shared/vehicles/photos';
import type { BuyersGuideChoices, VehicleBuyersGuide } from '@shared/vehicles/buyers-guide';
import type {
  Vehicle,
  VehicleDetail,
  VehicleListItem,
  VehicleOption,
  VehicleSummary,
  VehicleTimelineEntry,
  VehicleMakes,
  VinDuplicate,
} from '@shared/vehicles/types';
import { suggestedMakes } from '@shared/vehicles/options';
import { api, toSearchParams, uploadWithProgress } from '@/lib/api-client';
import { keys } from '@/lib/query-keys';

export function useVehicleList(query: string) {
  return useQuery({
    queryKey: keys.vehicles.list(query),
    queryFn: ({ signal }) => api<Page<VehicleListItem>>(`/api/vehicles?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useVehicleSummary(query: string) {
  return useQuery({
    queryKey: keys.vehicles.summary(query),
    queryFn: ({ signal }) => api<VehicleSummary>(`/api/vehicles/summary?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useVehicle(id: string) {
  return useQuery({
    queryKey: keys.vehicles.detail(id),
    queryFn: ({ signal }) => api<VehicleDetail>(`/api/vehicles/${id}`, { signal }),
    retry: false,
  });
}

export function useVehicleTimeline(id: string) {
  return useQuery({
    queryKey: keys.vehicles.timeline(id),
    queryFn: ({ signal }) => api<VehicleTimelineEntry[]>(`/api/vehicles/${id}/timeline`, { signal }),
  });
}

/** Another visible vehicle with this VIN; asked only once the VIN is complete. */
export function useVinDuplicate(vin: string, excludeId: string | undefined) {
  const query = toSearchParams({ vin, exclude_id: excludeId });
  return useQuery({
    queryKey: keys.vehicles.vinCheck(query),
    queryFn: ({ signal }) => api<VinDuplicate>(`/api/vehicles/vin-check?${query}`, { signal }),
    enabled: vin.length === 17,
    staleTime: 30_000,
  });
}

export function useCreateVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VehicleInput) => api<Vehicle>('/api/vehicles', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.vehicles.all }),
  });
}

export function useUpdateVehicle(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VehicleInput & { updated_at: string }) =>
      api<Vehicle>(`/api/vehicles/${id}`, { method: 'PUT', body: input }),
    onSuccess: (vehicle) => queryClient.setQueryData(keys.vehicles.detail(id), vehicle),
    // A refused stale save also refreshes, so the screen shows the version that won.
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.vehicles.all }),
  });
}

export function useDeleteVehicle(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>(`/api/vehicles/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: keys.vehicles.detail(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.vehicles.all }),
        queryClient.invalidateQueries({ queryKey: keys.dashboard }),
      ]);
    },
  });
}

/** The deal form's vehicle picker: the user's vehicles matching q. */
/** The common makes and the inventory's, for a make field's suggestions; the common ones until the inventory's arrive. */
export function useMakeSuggestions(): string[] {
  const inventory = useQuery({
    queryKey: keys.vehicles.makes,
    queryFn: ({ signal }) => api<VehicleMakes>('/api/vehicles/makes', { signal }),
    staleTime: 5 * 60_000,
  });
  return useMemo(() => suggestedMakes(inventory.data?.items ?? []), [inventory.data]);
}

export function useVehicleOptions(q: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.vehicles.options(q),
    queryFn: ({ signal }) => api<VehicleOption[]>(`/api/vehicles/options?${toSearchParams({ q })}`, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The vehicle's photos as the server has them now, the cover first. */
export const readVehiclePhotos = (vehicleId: string, signal?: AbortSignal) =>
  api<{ items: VehiclePhoto[] }>(`/api/vehicles/${vehicleId}/photos`, { signal });

export function useVehiclePhotos(vehicleId: string) {
  return useQuery({
    queryKey: keys.vehicles.photos(vehicleId),
    queryFn: ({ signal }) => readVehiclePhotos(vehicleId, signal),
  });
}

/** Every change to a vehicle's photos reads them again, and the inventory list with its covers. */
function usePhotoChange<Input, Output>(vehicleId: string, request: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.vehicles.photos(vehicleId) }),
        queryClient.invalidateQueries({ queryKey: keys.vehicles.timeline(vehicleId) }),
        queryClient.invalidateQueries({ queryKey: keys.vehicles.lists }),
      ]);
    },
  });
}

export function useUploadPhoto(vehicleId: string) {
  return usePhotoChange(vehicleId, ({ file, onProgress }: { file: File; onProgress: (sent: number) => void }) => {
    const body = new FormData();
    body.append('file', file);
    return uploadWithProgress<VehiclePhoto>(`/api/vehicles/${vehicleId}/photos`, body, onProgress);
  });
}

export function useOrderPhotos(vehicleId: string) {
  const queryClient = useQueryClient();
  return usePhotoChange(vehicleId, async (ids: string[]) => {
    // The new order shows at once; the server's answer replaces it.
    queryClient.setQueryData<{ items: VehiclePhoto[] }>(keys.vehicles.photos(vehicleId), (old) =>
      old ? { items: ids.map((id) => old.items.find((p) => p.id === id)!).filter(Boolean) } : old,
    );
    return api<{ items: VehiclePhoto[] }>(`/api/vehicles/${vehicleId}/photos/order`, { method: 'PUT', body: { ids } });
  });
}

export function useDeletePhoto(vehicleId: string) {
  return usePhotoChange(vehicleId, (photoId: string) =>
    api<void>(`/api/vehicles/${vehicleId}/photos/${photoId}`, { method: 'DELETE' }),
  );
}

export function useBuyersGuide(vehicleId: string) {
  return useQuery({
    queryKey: keys.vehicles.buyersGuide(vehicleId),
    queryFn: ({ signal }) => api<VehicleBuyersGuide>(`/api/vehicles/${vehicleId}/buyers-guide`, { signal }),
  });
}

/** Saves the guide's choices on the vehicle's version read; the vehicle's version moves on with it. */
export function useSaveBuyersGuide(vehicleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { guide: BuyersGuideChoices; updated_at: string }) =>
      api<VehicleBuyersGuide>(`/api/vehicles/${vehicleId}/buyers-guide`, { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(keys.vehicles.buyersGuide(vehicleId), saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.vehicles.all }),
  });
}
