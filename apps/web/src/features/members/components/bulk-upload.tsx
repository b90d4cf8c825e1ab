import { MAX_BULK_ROWS, type MemberCreateBody, memberCreateBodySchema, snakeToCamel } from '@gatehouse/core';
import { Alert, Anchor, Button, FileInput, Group, List, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck, IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import i18n from '../../../i18n';
import { ApiError } from '../../../lib/api-client';
import { translateIssue } from '../../../lib/forms';
import { apiErrorText, showErrorToast, showSuccessToast } from '../../../lib/toast';
import { useCreateMembers } from '../api/bulk-create';
import { type BulkValidation, useValidateMembersCsv } from '../api/bulk-validate';
import { isMemberRole } from './roles';

/** The columns of the members CSV (decision 006), in file order. */
const COLUMNS = ['email', 'first_name', 'last_name', 'phone', 'role'] as const;
type Column = (typeof COLUMNS)[number];

/** The largest file bulk_validate takes (decision 006: 1 MiB). */
export const MAX_CSV_BYTES = 1024 * 1024;

const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(`${COLUMNS.join(',')}\n`)}`;

interface RowError {
  /** The CSV column the error is about, when it is about one. */
  field: string;
  message: string;
}

/** One CSV row as previewed: its values as they will be saved, what is wrong, and what it sends. */
export interface PreviewRow {
  row: number;
  values: Record<string, string | null>;
  errors: RowError[];
  /** The body this row adds, present only when the row has no errors. */
  body?: MemberCreateBody;
}

type ValidRow = PreviewRow & { body: MemberCreateBody };

function bodyOf(values: Record<string, string | null>): Record<string, unknown> {
  const value = (column: Column) => values[snakeToCamel(column)] ?? null;
  return {
    email: value('email') ?? '',
    first_name: value('first_name'),
    last_name: value('last_name'),
    phone: value('phone'),
    role: value('role') ?? undefined,
  };
}

/**
 * The preview of a validation: the server's findings, then the shared schema over each row the
 * server passed, so that only rows the create call will take count as valid.
 */
export function previewOf(validation: BulkValidation): PreviewRow[] {
  return validation.rows.map(({ row, values, errors }) => {
    if (errors.length > 0) return { row, values, errors };
    const parsed = memberCreateBodySchema.safeParse(bodyOf(values));
    if (parsed.success) return { row, values, errors: [], body: parsed.data };
    return {
      row,
      values,
      errors: parsed.error.issues.map((issue) => ({
        field: String(issue.path[0] ?? ''),
        message: translateIssue(issue, i18n.t),
      })),
    };
  });
}

/** bulk_create's 422 names rows as `members.{i}.{field}`, `i` being the index among the rows sent. */
function markRefusedRows(rows: PreviewRow[], sent: PreviewRow[], error: ApiError): PreviewRow[] | null {
  const refused = new Map<number, RowError[]>();
  for (const item of error.errors) {
    const match = /^members\.(\d+)(?:\.(.+))?$/.exec(item.field ?? '');
    const row = match ? sent[Number(match[1])] : undefined;
    if (!match || !row) continue;
    refused.set(row.row, [
      ...(refused.get(row.row) ?? []),
      { field: match[2] ?? '', message: apiErrorText(item) },
    ]);
  }
  if (refused.size === 0) return null;
  return rows.map((row) => {
    const errors = refused.get(row.row);
    return errors ? { row: row.row, values: row.values, errors: [...row.errors, ...errors] } : row;
  });
}

function fieldLabel(field: string): string {
  const key = `fields.${field}`;
  return i18n.exists(key) ? i18n.t(key as never) : field;
}

function PreviewTable({ rows }: { rows: PreviewRow[] }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="xs" aria-label={t('members.bulk.previewLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('members.bulk.row')}</Table.Th>
            {COLUMNS.map((column) => (
              <Table.Th key={column}>{fieldLabel(column)}</Table.Th>
            ))}
            <Table.Th>{t('members.bulk.problems')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const invalid = row.errors.length > 0;
            const badFields = new Set(row.errors.map((error) => error.field));
            return (
              <Table.Tr
                key={row.row}
                data-row={row.row}
                data-invalid={invalid || undefined}
                bg={invalid ? 'var(--mantine-color-red-light)' : undefined}
              >
                <Table.Td>{row.row}</Table.Td>
                {COLUMNS.map((column) => {
                  const value = row.values[snakeToCamel(column)];
                  const shown =
                    column === 'role' && isMemberRole(value) ? t(`members.roles.${value}`) : value;
                  return (
                    <Table.Td
                      key={column}
                      c={badFields.has(column) ? 'red' : undefined}
                      fw={badFields.has(column) ? 600 : undefined}
                    >
                      {shown || (
                        <Text span c="dimmed">
                          —
                        </Text>
                      )}
                    </Table.Td>
                  );
                })}
                <Table.Td>
                  {invalid ? (
                    <List size="sm" spacing={2} c="red">
                      {row.errors.map((error) => (
                        <List.Item key={`${error.field}:${error.message}`}>
                          {error.field ? `${fieldLabel(error.field)}: ${error.message}` : error.message}
                        </List.Item>
                      ))}
                    </List>
                  ) : (
                    <Text size="sm" c="teal">
                      {t('members.bulk.ok')}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Adding members from a CSV file: the file is checked by the server (bulk_validate), the rows are
 * shown with their problems, and after a confirmation the valid rows (exactly those shown as valid)
 * are added in one call (bulk_create). Rows with errors are left out; the text says so.
 */
export function BulkUpload({ unitId, onDone }: { unitId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [rows, setRows] = useState<PreviewRow[] | null>(null);
  const [confirming, { open: openConfirm, close: closeConfirm }] = useDisclosure(false);
  const validate = useValidateMembersCsv(unitId);
  const create = useCreateMembers(unitId);

  const choose = (next: File | null) => {
    setFile(next);
    setRows(null);
    setFileError(null);
    if (!next) return;
    if (next.size > MAX_CSV_BYTES) {
      setFileError(t('members.bulk.tooLarge'));
      return;
    }
    validate.mutate(next, {
      onSuccess: (validation) => setRows(previewOf(validation)),
      onError: (error) => {
        setFileError(
          error instanceof ApiError && error.errors[0]
            ? apiErrorText(error.errors[0])
            : t('members.bulk.checkFailed'),
        );
        showErrorToast(error);
      },
    });
  };

  const valid = rows?.filter((row): row is ValidRow => row.body !== undefined) ?? [];
  const invalidCount = (rows?.length ?? 0) - valid.length;

  const add = () => {
    const sent = valid;
    create.mutate(
      sent.map((row) => row.body),
      {
        onSuccess: (members) => {
          closeConfirm();
          showSuccessToast(t('members.bulk.done', { count: members.length }));
          onDone();
        },
        onError: (error) => {
          closeConfirm();
          const marked = rows && error instanceof ApiError ? markRefusedRows(rows, sent, error) : null;
          if (marked) {
            setRows(marked);
            showErrorToast(t('members.bulk.refused'));
          } else {
            showErrorToast(error);
          }
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Text size="sm">{t('members.bulk.intro', { max: MAX_BULK_ROWS })}</Text>
      <Group gap="md" align="flex-end">
        <FileInput
          label={t('members.bulk.file')}
          placeholder={t('members.bulk.choose')}
          accept=".csv,text/csv"
          leftSection={<IconFileTypeCsv size={18} aria-hidden="true" />}
          value={file}
          onChange={choose}
          error={fileError}
          clearable
          disabled={validate.isPending}
          style={{ flex: 1, minWidth: 240, maxWidth: 420 }}
        />
        <Anchor href={TEMPLATE_HREF} download="members.csv" size="sm" mb={8}>
          {t('members.bulk.template')}
        </Anchor>
      </Group>
      {validate.isPending ? (
        <Text size="sm" c="dimmed">
          {t('members.bulk.checking')}
        </Text>
      ) : null}
      {rows ? (
        <Stack gap="sm">
          {rows.length === 0 ? (
            <Alert color="yellow">{t('members.bulk.empty')}</Alert>
          ) : invalidCount > 0 ? (
            <Alert color="yellow" icon={<IconAlertTriangle size={20} aria-hidden="true" />} role="status">
              <Text size="sm" fw={600}>
                {t('members.bulk.counts', { valid: valid.length, invalid: invalidCount })}
              </Text>
              <Text size="sm">{t('members.bulk.invalidExplained')}</Text>
            </Alert>
          ) : (
            <Alert color="teal" icon={<IconCircleCheck size={20} aria-hidden="true" />} role="status">
              <Text size="sm" fw={600}>
                {t('members.bulk.counts', { valid: valid.length, invalid: 0 })}
              </Text>
            </Alert>
          )}
          {rows.length > 0 ? <PreviewTable rows={rows} /> : null}
          <Group justify="flex-end">
            <Button onClick={openConfirm} disabled={valid.length === 0}>
              {t('members.bulk.add', { count: valid.length })}
            </Button>
          </Group>
        </Stack>
      ) : null}
      <ConfirmModal
        opened={confirming}
        onClose={closeConfirm}
        title={t('members.bulk.confirmTitle', { count: valid.length })}
        confirmLabel={t('members.bulk.add', { count: valid.length })}
        onConfirm={add}
        loading={create.isPending}
        color="blue"
      >
        <Text>{t('members.bulk.confirmText', { count: valid.length })}</Text>
        {invalidCount > 0 ? <Text>{t('members.bulk.confirmSkipped', { count: invalidCount })}</Text> : null}
      </ConfirmModal>
    </Stack>
  );
}
