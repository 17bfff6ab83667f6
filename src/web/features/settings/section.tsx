import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { SettingsForm } from '@shared/settings/form';
import type { Settings } from '@shared/settings/schemas';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** The settings page's one form, which every section of the settings edits and one Save button sends. */
export type SettingsFormMethods = UseFormReturn<SettingsForm, unknown, Settings>;

/** A card of the settings page: its title, what it is for, and its fields. */
export function Section({
  title,
  description,
  className,
  children,
}: {
  title: string;
  description: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}
