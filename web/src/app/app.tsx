import { RouterProvider } from 'react-router-dom';
import { AppProvider } from './provider.js';
import type { AppRouter } from './router.js';

export function App({ router }: { router: AppRouter }) {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
