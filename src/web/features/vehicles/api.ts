import { useMemo } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VehicleInput } from '@shared/vehicles/schemas';
import type { VehiclePhoto } from '@shared/vehicles/photos';
import type { BuyersGuideChoices } from '@shared/vehicles/buyers-guide';
import { suggestedMakes } from '@shared/vehicles/options';
import { vehiclesApi } from '@shared/vehicles/api';
import { dashboardApi } from '@shared/analytics/api';
import { areaKey, call, callWith, keyOf, queryOf, upload } from '@/lib/contract';

export function useVehicleList(query: string) {
  return useQuery({ ...queryOf(vehiclesApi.list, { query }), placeholderData: keepPreviousData });
}

export function useVehicleSummary(query: string) {
  return useQuery({ ...queryOf(vehiclesApi.summary, { query }), placeholderData: keepPreviousData });
}

export function useVehicle(id: string) {
  return useQuery({ ...queryOf(vehiclesApi.detail, { params: { id } }), retry: false });
}

export function useVehicleTimeline(id: string) {
  return useQuery(queryOf(vehiclesApi.timeline, { params: { id } }));
}

/** Another visible vehicle with this VIN; asked only once the VIN is complete. */
export function useVinDuplicate(vin: string, excludeId: string | undefined) {
  return useQuery({
    ...queryOf(vehiclesApi.vinCheck, { query: { vin, exclude_id: excludeId } }),
    enabled: vin.length === 17,
    staleTime: 30_000,
  });
}

export function useCreateVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VehicleInput) => call(vehiclesApi.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: areaKey(vehiclesApi) }),
  });
}

export function useUpdateVehicle(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VehicleInput & { updated_at: string }) => call(vehiclesApi.update, { params: { id }, body }),
    onSuccess: (vehicle) => queryClient.setQueryData(keyOf(vehiclesApi.detail, { params: { id } }), vehicle),
    // A refused stale save also refreshes, so the screen shows the version that won.
    onSettled: () => queryClient.invalidateQueries({ queryKey: areaKey(vehiclesApi) }),
  });
}

export function useDeleteVehicle(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(vehiclesApi.remove, { params: { id } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: keyOf(vehiclesApi.detail, { params: { id } }) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: areaKey(vehiclesApi) }),
        queryClient.invalidateQueries({ queryKey: areaKey(dashboardApi) }),
      ]);
    },
  });
}

/** The deal form's vehicle picker: the user's vehicles matching q. */
/** The common makes and the inventory's, for a make field's suggestions; the common ones until the inventory's arrive. */
export function useMakeSuggestions(): string[] {
  const inventory = useQuery({ ...queryOf(vehiclesApi.makes), staleTime: 5 * 60_000 });
  return useMemo(() => suggestedMakes(inventory.data?.items ?? []), [inventory.data]);
}

export function useVehicleOptions(q: string, enabled: boolean) {
  return useQuery({ ...queryOf(vehiclesApi.options, { query: { q } }), enabled, placeholderData: keepPreviousData });
}

/** The vehicle's photos as the server has them now, the cover first. */
export const readVehiclePhotos = (vehicleId: string, signal?: AbortSignal) =>
  callWith(vehiclesApi.photos, { params: { id: vehicleId } }, signal);

export function useVehiclePhotos(vehicleId: string) {
  return useQuery(queryOf(vehiclesApi.photos, { params: { id: vehicleId } }));
}

/** Every change to a vehicle's photos reads them again, and the inventory list with its covers. */
function usePhotoChange<Input, Output>(vehicleId: string, request: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: keyOf(vehiclesApi.photos, { params: { id: vehicleId } }) }),
        queryClient.invalidateQueries({ queryKey: keyOf(vehiclesApi.timeline, { params: { id: vehicleId } }) }),
        queryClient.invalidateQueries({ queryKey: keyOf(vehiclesApi.list) }),
      ]);
    },
  });
}

export function useUploadPhoto(vehicleId: string) {
  return usePhotoChange(vehicleId, ({ file, onProgress }: { file: File; onProgress: (sent: number) => void }) => {
    const body = new FormData();
    body.append('file', file);
    return upload(vehiclesApi.addPhoto, { params: { id: vehicleId }, body }, onProgress);
  });
}

export function useOrderPhotos(vehicleId: string) {
  const queryClient = useQueryClient();
  return usePhotoChange(vehicleId, async (ids: string[]) => {
    // The new order shows at once; the server's answer replaces it.
    queryClient.setQueryData<{ items: VehiclePhoto[] }>(keyOf(vehiclesApi.photos, { params: { id: vehicleId } }), (old) =>
      old ? { items: ids.map((id) => old.items.find((p) => p.id === id)!).filter(Boolean) } : old,
    );
    return call(vehiclesApi.orderPhotos, { params: { id: vehicleId }, body: { ids } });
  });
}

export function useDeletePhoto(vehicleId: string) {
  return usePhotoChange(vehicleId, (photoId: string) => call(vehiclesApi.removePhoto, { params: { id: vehicleId, photoId } }));
}

export function useBuyersGuide(vehicleId: string) {
  return useQuery(queryOf(vehiclesApi.buyersGuide, { params: { id: vehicleId } }));
}

/** Saves the guide's choices on the vehicle's version read; the vehicle's version moves on with it. */
export function useSaveBuyersGuide(vehicleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { guide: BuyersGuideChoices; updated_at: string }) =>
      call(vehiclesApi.saveBuyersGuide, { params: { id: vehicleId }, body }),
    onSuccess: (saved) => queryClient.setQueryData(keyOf(vehiclesApi.buyersGuide, { params: { id: vehicleId } }), saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: areaKey(vehiclesApi) }),
  });
}
