import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useNavigationBridge } from '../../lib/api-error-effects';

/**
 * Makes the moves the API layer asks for (spec §8: to login, to /error, to redirectLogin) through the router.
 * Mounted once in the root shell; renders nothing.
 */
export function NavigationBridge() {
  const request = useNavigationBridge((state) => state.request);
  const done = useNavigationBridge((state) => state.done);
  const navigate = useNavigate();

  useEffect(() => {
    if (request === null) return;
    done(request.id);
    void navigate(request.path);
  }, [request, done, navigate]);

  return null;
}
