import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { Toaster } from 'sonner';
import { createQueryClient } from '../lib/query-client';
import { router } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster
        position="top-center"
        toastOptions={{
          classNames: {
            toast: '!rounded-sm !border-linen !bg-ivory !font-sans !text-ink !shadow-lift',
            title: '!font-semibold',
            description: '!text-taupe',
            error: '!border-danger/40',
          },
        }}
      />
    </QueryClientProvider>
  );
}
