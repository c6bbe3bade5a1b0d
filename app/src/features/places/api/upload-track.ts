import { api } from '@/lib/request';
import { unwrap } from '@/lib/query';
import type { TrackUpload } from '../types';

/** POST /api/web/amap/track_upload (multipart) → {id, points, lengthM, errors}: a GPX, KML or CSV track. */
export async function uploadTrack(file: File, coord: 'wgs84' | 'gcj02'): Promise<TrackUpload> {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('name', file.name);
  form.append('coord', coord);
  return unwrap(await api.post<TrackUpload>('/web/amap/track_upload', form));
}
