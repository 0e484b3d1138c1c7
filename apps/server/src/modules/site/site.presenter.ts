import type { AppLinks } from '@kitchaco/domain';
import type { Config } from '../../config.js';

/** The customer app's store listings as the web reads them: null where a store is not set. */
export function appLinksView(config: Pick<Config, 'appStores'>): AppLinks {
  return { app_store_url: config.appStores.appStore, play_store_url: config.appStores.playStore };
}
