/** The public entry of features/vehicles: what other features and the app may use. */
export { useCarInfo } from './api/get-car-info';
export { useVehicleWheels } from './api/get-sensor';
export { useStatistics } from './api/get-statistics';
export { getVehicleOptions, useVehicleOptions } from './api/get-vehicles';
export { getWatchList, useWatchList } from './api/get-watch-list';
export { vehiclesKey } from './api/keys';
export { useUpdateImei } from './api/update-imei';
export { UnitSwitch } from './components/unit-switch';
export { VehicleSelect, type PickedVehicle } from './components/vehicle-select';
export { WheelDiagram } from './components/wheel-diagram';
export { fromWatchEntry } from './fleet-keys';
export type { FleetVehicle, Raw, WatchAnswer } from './fleet-keys';
export { VEHICLE_KINDS } from './types';
export type { VehicleLiveState, WheelReading } from './types';
export { FLEET_STATES, STATE_TONES, deriveState } from './vehicle-state';
export type { FleetState } from './vehicle-state';
export { parseAxleLayout } from './wheel-layout';
export type { WheelLimits } from './wheel-state';
