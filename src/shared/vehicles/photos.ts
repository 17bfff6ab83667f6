/**
 * A vehicle's photos: as many as a listing needs, each checked by its content and stored in three sizes, in the
 * order the inventory shows them, the first the cover.
 */
import { z } from 'zod';
import { recordId } from '../common/fields.js';

export const MAX_PHOTOS_PER_VEHICLE = 40;
export const MAX_PHOTO_BYTES = 20 * 1024 * 1024;
/** A photo above this many pixels is refused before it is decoded: 50 megapixels is more than any phone takes. */
export const MAX_PHOTO_PIXELS = 50_000_000;

export const photoSizes = ['thumb', 'card', 'full'] as const;
export type PhotoSize = (typeof photoSizes)[number];
/** The longest edge of each stored size, in pixels. */
export const PHOTO_EDGE: Record<PhotoSize, number> = { thumb: 320, card: 960, full: 2048 };

export const PHOTOS_FULL = `A vehicle has at most ${MAX_PHOTOS_PER_VEHICLE} photos: delete some to add more`;
export const PHOTO_TOO_LARGE = `A photo can be at most ${MAX_PHOTO_BYTES / 1024 / 1024} MB`;
export const PHOTO_TOO_MANY_PIXELS = `A photo can be at most ${MAX_PHOTO_PIXELS / 1_000_000} megapixels`;
export const PHOTO_NOT_IMAGE = 'This file is not a photo. Upload a JPEG, PNG, WebP, AVIF or HEIC image.';
export const PHOTO_ORDER_MISMATCH = "List every one of the vehicle's photos, each once";

export const vehiclePhotoSchema = z.object({
  id: z.string(),
  position: z.number(),
  file_name: z.string(),
  width: z.number(),
  height: z.number(),
  sha256: z.string(),
  /** The addresses of the stored sizes, for whoever may see the vehicle. */
  urls: z.object({ thumb: z.string(), card: z.string(), full: z.string() }),
  created_at: z.string(),
});
export type VehiclePhoto = z.infer<typeof vehiclePhotoSchema>;
export const vehiclePhotoListSchema = z.object({ items: z.array(vehiclePhotoSchema) });

/** PUT …/photos/order: every photo's id, in the order to show them; the first is the cover. */
export const photoOrderSchema = z.object({
  ids: z.array(recordId).min(1, PHOTO_ORDER_MISMATCH).max(MAX_PHOTOS_PER_VEHICLE, PHOTO_ORDER_MISMATCH),
});

/** Where a stored size of a photo is read, by whoever may see its vehicle. */
export const photoUrl = (vehicleId: string, photoId: string, size: PhotoSize) =>
  `/api/vehicles/${vehicleId}/photos/${photoId}/${size}.jpg`;

export const photoParams = z.object({ id: recordId, photoId: recordId });
export const photoFileParams = photoParams.extend({ size: z.enum(photoSizes) });
