// The door list is shared with other features (activity filters, dashboard), so it lives in lib.
export { type DoorList, doorsQueryKey, getDoors, useDoors } from '../../../lib/doors';
