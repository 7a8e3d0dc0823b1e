import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { catalogs, parserFreeClient } from './scripts/catalogs.ts';

export default defineConfig({
  plugins: [catalogs(), parserFreeClient(), tailwindcss(), reactRouter()],
});
