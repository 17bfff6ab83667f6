import { vehicleFeatures } from '@shared/vehicles/options';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';

/** The 17 features as checkboxes; a saved feature not in the list stays listed so it can be unticked. */
export function FeaturesField({ value, onChange }: { value: string[]; onChange: (features: string[]) => void }) {
  const options = [...vehicleFeatures, ...value.filter((f) => !(vehicleFeatures as readonly string[]).includes(f))];
  const toggle = (feature: string, on: boolean) =>
    onChange(on ? options.filter((f) => f === feature || value.includes(f)) : value.filter((f) => f !== feature));
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-3 text-sm leading-none font-medium">Features</legend>
      <div className="grid grid-cols-1 gap-x-4 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
        {options.map((feature) => {
          const id = `feature-${feature.toLowerCase().replace(/\W+/g, '-')}`;
          return (
            <div key={feature} className="flex items-center gap-2">
              <Checkbox id={id} checked={value.includes(feature)} onCheckedChange={(on) => toggle(feature, on === true)} />
              <Label htmlFor={id} className="font-normal">
                {feature}
              </Label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
