import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, Plus, Save, Trash2, X } from 'lucide-react';
import type { z } from 'zod';
import {
  TEMPLATE_FIELDS,
  replyTemplateInputSchema,
  type ReplyTemplate,
  type ReplyTemplateInput,
} from '@shared/conversations/templates';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { showServerErrors } from '@/lib/server-errors';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useDeleteReplyTemplate, useReplyTemplates, useSaveReplyTemplate } from './api';

const fieldList = TEMPLATE_FIELDS.map((field) => `{${field}}`).join(' ');

function TemplateForm({ template, onDone }: { template: ReplyTemplate | null; onDone: () => void }) {
  const form = useForm<ReplyTemplateInput, unknown, z.output<typeof replyTemplateInputSchema>>({
    resolver: zodResolver(replyTemplateInputSchema),
    defaultValues: { name: template?.name ?? '', subject: template?.subject ?? '', body: template?.body ?? '' },
  });
  const save = useSaveReplyTemplate();
  const { errors } = form.formState;
  const submit = form.handleSubmit((input) =>
    save.mutate(
      { id: template?.id, input },
      {
        onSuccess: () => {
          notifySuccess('Template saved', `'${input.name}' is among everyone's quick replies.`);
          onDone();
        },
        onError: (failure) => {
          showServerErrors(form.setError, failure);
          notifyError('Could not save the template', errorMessage(failure, 'Please try again.'));
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate className="bg-muted/40 grid gap-3 rounded-md border p-3" aria-label="Reply template">
      <FormField label="Name" htmlFor="template-name" error={errors.name?.message}>
        <Input placeholder="Test drive" {...form.register('name')} />
      </FormField>
      <FormField label="E-mail subject" htmlFor="template-subject" error={errors.subject?.message}>
        <Input placeholder="Your {vehicle}" {...form.register('subject')} />
      </FormField>
      <FormField
        label="Message"
        htmlFor="template-body"
        error={errors.body?.message}
        description={`Fields filled for each customer: ${fieldList}`}
      >
        <Textarea rows={4} placeholder="Hi {first_name}, the {vehicle} is ready for a test drive." {...form.register('body')} />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          <Save /> Save template
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          <X /> Cancel
        </Button>
      </div>
    </form>
  );
}

/** Settings → Reply Templates (admins and editors): the messages everyone answers with, with fields filled per customer. */
export function ReplyTemplatesCard() {
  const templates = useReplyTemplates();
  const remove = useDeleteReplyTemplate();
  const [editing, setEditing] = useState<ReplyTemplate | 'new' | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Reply Templates</CardTitle>
        <CardDescription>
          Messages everyone can answer with from a customer&apos;s conversation, as quick replies: {fieldList} are filled for each
          customer.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <QueryState query={templates} loadingMessage="Loading templates..." failedMessage="Failed to load the templates">
          {(list) => (
            <ul className="grid gap-2" aria-label="Reply templates">
              {list.length === 0 && <li className="text-muted-foreground text-sm">No templates yet.</li>}
              {list.map((template) =>
                editing !== 'new' && editing?.id === template.id ? (
                  <li key={template.id}>
                    <TemplateForm template={template} onDone={() => setEditing(null)} />
                  </li>
                ) : (
                  <li key={template.id} className="flex items-start justify-between gap-2 border-b pb-2 last:border-b-0">
                    <div className="min-w-0">
                      <p className="font-medium">{template.name}</p>
                      {template.subject && <p className="text-muted-foreground text-xs">Subject: {template.subject}</p>}
                      <p className="text-muted-foreground line-clamp-2 text-sm wrap-anywhere">{template.body}</p>
                    </div>
                    <div className="flex shrink-0 gap-1">
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Edit ${template.name}`}
                        onClick={() => setEditing(template)}
                      >
                        <Pencil />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Delete ${template.name}`}
                        disabled={remove.isPending}
                        onClick={() =>
                          window.confirm(`Delete the template '${template.name}'?`) &&
                          remove.mutate(template.id, {
                            onSuccess: () => notifySuccess('Template deleted', template.name),
                            onError: (failure) =>
                              notifyError('Could not delete the template', errorMessage(failure, 'Please try again.')),
                          })
                        }
                      >
                        <Trash2 />
                      </Button>
                    </div>
                  </li>
                ),
              )}
            </ul>
          )}
        </QueryState>
        {editing === 'new' ? (
          <TemplateForm template={null} onDone={() => setEditing(null)} />
        ) : (
          <div>
            <Button variant="outline" onClick={() => setEditing('new')}>
              <Plus /> Add template
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
