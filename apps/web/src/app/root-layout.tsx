import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { FullScreenLoader } from '../components/full-screen-loader';

/** Shows the full-screen loader while the next page's code (a lazy route) is loading. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      <Outlet />
      {navigation.state === 'loading' && <FullScreenLoader />}
      <ScrollRestoration />
    </>
  );
}
