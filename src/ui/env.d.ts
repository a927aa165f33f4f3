/// <reference types="vite/client" />
declare const __API_KEY__: string;
declare const __API_SECRET__: string;
declare const __PRODUCT_NAME__: string;
