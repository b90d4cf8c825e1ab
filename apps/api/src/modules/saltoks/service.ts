import type { SaltoksIq, SaltoksLock, SaltoksSite } from '@gatehouse/core';
import type { SaltoKsIq, SaltoKsLock, SaltoKsSite } from './client.js';

// Salto KS names things by `customer_reference`; one without it is shown by its id.

export function siteView(site: SaltoKsSite): SaltoksSite {
  return { id: site.id, name: site.customer_reference || site.id };
}

export function iqView(iq: SaltoKsIq): SaltoksIq {
  return { id: iq.id, name: iq.customer_reference || iq.id, online: iq.online };
}

export function lockView(lock: SaltoKsLock): SaltoksLock {
  return {
    id: lock.id,
    name: lock.customer_reference || lock.id,
    online: lock.online,
    locked_state: lock.locked_state,
    battery_level: lock.battery_level,
    iq_id: lock.iq_id ?? null,
  };
}
