export const vehicleStatuses = ['available', 'pending', 'sold', 'reserved'] as const;
export type VehicleStatus = (typeof vehicleStatuses)[number];

export const makeSuggestions = [
  'BMW', 'Mercedes-Benz', 'Audi', 'Tesla', 'Porsche', 'Lexus', 'Acura', 'Infiniti', 'Cadillac', 'Lincoln', 'Genesis',
  'Volvo', 'Jaguar', 'Land Rover', 'Ford', 'Chevrolet', 'Toyota', 'Honda', 'Nissan', 'Mazda', 'Subaru', 'Hyundai',
] as const;

export const vehicleFeatures = [
  'Navigation', 'Sunroof', 'Leather Interior', 'Premium Sound', 'Autopilot', 'All-Wheel Drive', 'Heated Seats',
  'Backup Camera', 'Bluetooth', 'USB Ports', 'Keyless Entry', 'Remote Start', 'Third Row Seating', 'Towing Package',
  'Sport Package', 'Premium Package', 'Technology Package',
] as const;
