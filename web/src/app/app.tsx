import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { AppProvider } from './provider.js';
import { createAppRouter } from './router.js';

export function App() {
  // Created on mount, not at import: the router starts loading the first route chunk at once.
  const [router] = useState(createAppRouter);
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
