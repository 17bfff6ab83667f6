import { reassignSchema, type ReassignResult } from '../common/reassign.js';
import { defineApi, del, get, post, put } from '../http/contract.js';
import type { Page } from '../http/paging.js';
import { guideLanguageQuery, saveBuyersGuideSchema, type VehicleBuyersGuide } from './buyers-guide.js';
import { photoOrderSchema, type VehiclePhoto } from './photos.js';
import { vehicleFilterSchema, vehicleListQuerySchema, vehicleOptionsQuerySchema, vinCheckQuerySchema } from './queries.js';
import { vehicleInputSchema, vehicleUpdateSchema } from './schemas.js';
import type {
  Vehicle,
  VehicleDetail,
  VehicleListItem,
  VehicleMakes,
  VehicleOption,
  VehicleSummary,
  VehicleTimelineEntry,
  VinDuplicate,
} from './types.js';

/** The vehicles' routes the web calls: the inventory, each vehicle, its photos and its Buyers Guide. */
export const vehiclesApi = defineApi('vehicles', {
  list: get('/api/vehicles', { query: vehicleListQuerySchema }).returns<Page<VehicleListItem>>(),
  summary: get('/api/vehicles/summary', { query: vehicleFilterSchema }).returns<VehicleSummary>(),
  detail: get('/api/vehicles/:id').returns<VehicleDetail>(),
  timeline: get('/api/vehicles/:id/timeline').returns<VehicleTimelineEntry[]>(),
  vinCheck: get('/api/vehicles/vin-check', { query: vinCheckQuerySchema }).returns<VinDuplicate>(),
  options: get('/api/vehicles/options', { query: vehicleOptionsQuerySchema }).returns<VehicleOption[]>(),
  makes: get('/api/vehicles/makes').returns<VehicleMakes>(),
  create: post('/api/vehicles', { body: vehicleInputSchema }).returns<Vehicle>(),
  update: put('/api/vehicles/:id', { body: vehicleUpdateSchema }).returns<Vehicle>(),
  remove: del('/api/vehicles/:id').returns(),
  reassign: post('/api/vehicles/reassign', { body: reassignSchema }).returns<ReassignResult>(),
  photos: get('/api/vehicles/:id/photos').returns<{ items: VehiclePhoto[] }>(),
  addPhoto: post('/api/vehicles/:id/photos').sends<FormData>().returns<VehiclePhoto>(),
  orderPhotos: put('/api/vehicles/:id/photos/order', { body: photoOrderSchema }).returns<{ items: VehiclePhoto[] }>(),
  removePhoto: del('/api/vehicles/:id/photos/:photoId').returns(),
  buyersGuide: get('/api/vehicles/:id/buyers-guide').returns<VehicleBuyersGuide>(),
  saveBuyersGuide: put('/api/vehicles/:id/buyers-guide', { body: saveBuyersGuideSchema }).returns<VehicleBuyersGuide>(),
  /** Downloads the browser follows, never fetched. */
  exportCsv: get('/api/vehicles/export.csv', { query: vehicleFilterSchema }).returns<string>(),
  buyersGuidePdf: get('/api/vehicles/:id/buyers-guide.pdf', { query: guideLanguageQuery }).returns<Blob>(),
  windowSticker: get('/api/vehicles/:id/window-sticker.pdf').returns<Blob>(),
});
