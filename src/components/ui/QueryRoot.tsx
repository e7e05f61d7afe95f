import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../../browser/query-client';
import { Toaster } from './Toaster';

/** Every island's root: the page's shared query client and the toaster. */
export function QueryRoot({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient()}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
