import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Picked up by scripts/build.ts (vite looks for its config in the root it is given: renderer/).
export default defineConfig({
  plugins: [react()],
  build: { target: 'es2023', chunkSizeWarningLimit: 1024 },
});
