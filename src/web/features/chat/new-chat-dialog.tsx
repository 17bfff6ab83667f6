import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { CHAT_MEMBERS_REQUIRED, CHAT_NAME_REQUIRED } from '@shared/chat/schemas';
import { requiredText } from '@shared/common/fields';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { showServerErrors } from '@/lib/server-errors';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useCreateChat, usePeople } from './api';

export type NewChatKind = 'group' | 'company';

const groupForm = z.object({
  name: requiredText(80, CHAT_NAME_REQUIRED),
  user_ids: z.array(z.string()).min(1, CHAT_MEMBERS_REQUIRED),
});
const companyForm = z.object({ name: requiredText(80, CHAT_NAME_REQUIRED), user_ids: z.array(z.string()) });
type Form = z.output<typeof groupForm>;

/**
 * A group with chosen people, or a company-wide chat that everyone active is in. 'Chat Created' / 'Company Chat
 * Created' on success, 'Failed to create chat' on failure; the new chat opens.
 */
export function NewChatDialog({
  kind,
  onClose,
  onCreated,
}: {
  kind: NewChatKind | null;
  onClose: () => void;
  onCreated: (chatId: string) => void;
}) {
  const company = kind === 'company';
  const people = usePeople(kind === 'group');
  const create = useCreateChat();
  const form = useForm<Form>({
    resolver: zodResolver(company ? companyForm : groupForm),
    defaultValues: { name: '', user_ids: [] },
  });
  const [filter, setFilter] = useState('');
  const chosen = form.watch('user_ids');

  const close = () => {
    form.reset({ name: '', user_ids: [] });
    setFilter('');
    onClose();
  };
  const submit = form.handleSubmit((values) =>
    create.mutate(
      company ? { type: 'company', name: values.name } : { type: 'group', name: values.name, user_ids: values.user_ids },
      {
        onSuccess: (chat) => {
          notifySuccess(
            company ? 'Company Chat Created' : 'Chat Created',
            company ? 'Everyone in the company is in it.' : chat.name,
          );
          close();
          onCreated(chat.id);
        },
        onError: (error) => {
          showServerErrors(form.setError, error);
          notifyError('Failed to create chat', errorMessage(error, 'Please try again.'));
        },
      },
    ),
  );
  const toggle = (id: string, on: boolean) =>
    form.setValue('user_ids', on ? [...chosen, id] : chosen.filter((x) => x !== id), {
      shouldValidate: form.formState.isSubmitted,
    });
  const visible = (people.data ?? []).filter((p) => `${p.name} ${p.email}`.toLowerCase().includes(filter.trim().toLowerCase()));

  return (
    <Dialog open={kind !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{company ? 'New company chat' : 'New group chat'}</DialogTitle>
          <DialogDescription>
            {company
              ? 'Every active user joins it, and so does everyone who joins later.'
              : 'Name the group and choose who is in it.'}
          </DialogDescription>
        </DialogHeader>
        <form id="new-chat" onSubmit={submit} noValidate className="grid gap-4">
          <FormField label="Chat name" htmlFor="chat-name" error={form.formState.errors.name?.message}>
            <Input placeholder={company ? 'All hands' : 'Deal desk'} {...form.register('name')} />
          </FormField>
          {!company && (
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">People</legend>
              <Input
                placeholder="Search people..."
                value={filter}
                onChange={(e) => setFilter(e.target.value)}
                aria-label="Search people"
              />
              <ul className="max-h-56 overflow-y-auto rounded-md border">
                {people.isPending && <li className="text-muted-foreground p-3 text-sm">Loading people...</li>}
                {people.isError && <li className="text-destructive p-3 text-sm">Could not load people.</li>}
                {people.data && visible.length === 0 && <li className="text-muted-foreground p-3 text-sm">No one matches.</li>}
                {visible.map((person) => (
                  <li key={person.id}>
                    <label className="hover:bg-accent flex cursor-pointer items-center gap-3 px-3 py-2 text-sm">
                      <Checkbox checked={chosen.includes(person.id)} onCheckedChange={(on) => toggle(person.id, on === true)} />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate">{person.name}</span>
                        <span className="text-muted-foreground block truncate text-xs">{person.email}</span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
              {form.formState.errors.user_ids?.message && (
                <p role="alert" className="text-destructive text-sm">
                  {form.formState.errors.user_ids.message}
                </p>
              )}
            </fieldset>
          )}
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="new-chat" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create chat'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
