import { MEMBER_ROLES, type MemberRole } from '@gatehouse/core';
import { Badge, Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const ROLE_COLORS: Record<MemberRole, string> = {
  member: 'gray',
  invite_member: 'cyan',
  unit_manager: 'violet',
};

export function isMemberRole(value: unknown): value is MemberRole {
  return typeof value === 'string' && (MEMBER_ROLES as readonly string[]).includes(value);
}

export function RoleBadge({ role }: { role: MemberRole }) {
  const { t } = useTranslation();
  return (
    <Badge color={ROLE_COLORS[role]} variant="light" size="sm">
      {t(`members.roles.${role}`)}
    </Badge>
  );
}

/** The three roles of a unit, explained under the select. */
export function RoleSelect(props: Omit<SelectProps, 'data'>) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('fields.role')}
      description={t('members.roles.hint')}
      allowDeselect={false}
      data={MEMBER_ROLES.map((role) => ({ value: role, label: t(`members.roles.${role}`) }))}
      {...props}
    />
  );
}
