import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const apiTarget = process.env.COORDINA_API ?? "http://localhost:3000";

export default defineConfig({
  base: "/webapp/",
  plugins: [react()],
  build: {
    outDir: "dist",
    assetsDir: "assets",
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // React itself is on every page: one chunk instead of four small ones (each costs its own gzip header
        // and import statements on the first load).
        codeSplitting: {
          groups: [{ name: "react", test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
  server: {
    port: 5173,
    // In development the API runs on its own port; everything but the web app goes there.
    proxy: {
      "^/(?!webapp|@|src|node_modules).*": { target: apiTarget, changeOrigin: false },
    },
  },
});
