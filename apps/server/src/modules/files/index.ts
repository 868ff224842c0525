/** Files: uploaded images and videos, kept under DATA_DIR with a quota per merchant. */
import { defineModule } from '../../platform/module.ts';
import { registerUploads, type UploadReader } from './uploads.ts';
import { createFilesService, type FilesService } from './service.ts';

declare module '../../platform/module.ts' {
  interface ModuleServices {
    files: FilesService;
  }
}

export const filesModule = defineModule({
  name: 'files',
  tables: ['upload'],
  register(app, deps) {
    const readers: UploadReader[] = [];
    registerUploads(app, deps, readers);
    return createFilesService(deps, readers);
  },
});
