import { mountApp } from '@lender/ui/mount-app';
import { AppProviders } from './app/providers';
import { routes } from './app/routes';

mountApp({ routes, Providers: AppProviders });
