/// <reference types="vite-plugin-pwa/info" />
