/** Query keys of the vehicle calls: writes refresh everything under vehiclesKey. */
export const vehiclesKey = ['vehicles'] as const;
