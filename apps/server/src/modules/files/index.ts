/** Files: uploaded images and videos, kept under DATA_DIR with a quota per merchant. */
import { defineModule } from '../../platform/module.ts';
import { registerUploads } from './uploads.ts';
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
    registerUploads(app, deps);
    return createFilesService(deps);
  },
});
